// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SendRequest, SendResponse } from '../../../../src/core/protocol.ts';
import { button, byLabel, mount, text, unmountAll, user, waitFor } from '../../support/dom.ts';
import { sendResponse } from '../../support/send-response.ts';

const { send, downloads } = vi.hoisted(() => ({
  send: vi.fn(),
  downloads: {
    download: vi.fn(async (_options: { url: string; filename: string }) => 7),
    onChanged: { addListener: vi.fn(), removeListener: vi.fn() },
  },
}));
vi.mock('../../../../src/ui/send.ts', () => ({ send }));
vi.mock('webextension-polyfill', () => ({ default: { downloads } }));

const { default: InvoicesView } = await import('../../../../src/devtools/invoices/index.tsx');

const SUMMARY = {
  user: { id: 'user_1', name: 'Ada Lovelace', applications: [] },
  organisations: [{ id: 'orga_eng', name: 'Analytical Engines Ltd', role: 'ADMIN', applications: [] }],
};
const INVOICES = [
  {
    invoice_number: 'ENG202511-1111',
    kind: 'INVOICE',
    status: 'PAID',
    emission_date: '2025-11-01T06:00:00.000Z',
    pay_date: '2025-11-03T06:00:00.000Z',
    currency: 'EUR',
    total_tax: { amount: 20, currency: 'EUR' },
    total_tax_excluded: { amount: 100, currency: 'EUR' },
  },
  {
    invoice_number: 'ENG202512-2222',
    kind: 'INVOICE',
    status: 'PENDING',
    emission_date: '2025-12-01T06:00:00.000Z',
    pay_date: null,
    currency: 'EUR',
    total_tax: { amount: 2.5, currency: 'EUR' },
    total_tax_excluded: { amount: 12.5, currency: 'EUR' },
  },
];
const PDF = new TextEncoder().encode('%PDF-1.4\n% sandbox invoice\n%%EOF\n');

let routes: Record<string, () => SendResponse>;
let requests: SendRequest[];

beforeEach(() => {
  location.hash = '#invoices?org=orga_eng';
  requests = [];
  routes = {
    '/v2/summary': () => sendResponse(200, SUMMARY),
    '/v4/billing/organisations/orga_eng/invoices': () => sendResponse(200, INVOICES),
    '/v4/billing/organisations/user_1/invoices': () =>
      sendResponse(404, { message: 'No invoices for this organisation' }),
    '/v4/billing/organisations/orga_eng/invoices/ENG202512-2222.pdf': () =>
      sendResponse(200, PDF, { contentType: 'application/pdf' }),
  };
  send.mockImplementation(async (_name: string, request: SendRequest) => {
    requests.push(request);
    const route = routes[request.path];
    return route ? route() : sendResponse(404, { message: `Not Found: no endpoint GET ${request.path}` });
  });
});

afterEach(() => {
  unmountAll();
  send.mockReset();
  downloads.download.mockClear();
});

describe('the invoices view', () => {
  it('preselects the organisation from the route and lists its invoices, newest first, with amounts', async () => {
    const { root } = mount(<InvoicesView />);
    await waitFor(() => expect(root.querySelectorAll('tbody tr')).toHaveLength(2));
    const picker = byLabel<HTMLSelectElement>(root, 'Organisation');
    expect(picker.value).toBe('orga_eng');
    expect([...picker.options].map((option) => option.text)).toEqual([
      'Personal space (Ada Lovelace)',
      'Analytical Engines Ltd',
    ]);
    const [newest, older] = [...root.querySelectorAll('tbody tr')];
    expect(text(newest!)).toContain('ENG202512-2222');
    expect(text(newest!)).toContain('Pending');
    expect(text(newest!)).toContain('€15.00');
    expect(text(older!)).toContain('€120.00');
    expect(text(older!)).toContain('€100.00 before tax');
    expect(text(older!)).toContain('Paid');
  });

  it('says “no invoices” when the platform answers 404', async () => {
    const { root } = mount(<InvoicesView />);
    await waitFor(() => expect(root.querySelectorAll('tbody tr')).toHaveLength(2));
    await user.choose(byLabel<HTMLSelectElement>(root, 'Organisation'), 'user_1');
    await waitFor(() => expect(text(root)).toContain('No invoices for Ada Lovelace yet.'));
    expect(location.hash).toBe('#invoices?org=user_1');
  });

  it('explains a missing bills right instead of showing an empty list', async () => {
    routes['/v4/billing/organisations/orga_eng/invoices'] = () =>
      sendResponse(403, {
        message: 'GET /v4/billing/organisations/:orgId/invoices requires right access_organisations_bills',
      });
    const { root } = mount(<InvoicesView />);
    await waitFor(() => expect(root.querySelector('[data-error-code="permission-missing"]')).not.toBeNull());
    expect(text(root)).toContain('access_organisations_bills');
    expect(root.querySelector('tbody')).toBeNull();
  });

  it('downloads a PDF from the console path after a 404 on the spec path, named <organisation>-<number>.pdf', async () => {
    const { root } = mount(<InvoicesView />);
    await waitFor(() => button(root, 'Download PDF of invoice ENG202512-2222'));
    await user.click(button(root, 'Download PDF of invoice ENG202512-2222'));
    await waitFor(() => expect(text(root)).toContain('Saved as Analytical-Engines-Ltd-ENG202512-2222.pdf'));
    const pdfCalls = requests.filter((request) => request.path.endsWith('.pdf'));
    expect(pdfCalls.map((request) => request.path)).toEqual([
      '/v4/billing/organisations/orga_eng/ENG202512-2222.pdf',
      '/v4/billing/organisations/orga_eng/invoices/ENG202512-2222.pdf',
    ]);
    expect(pdfCalls[0]!.headers).toEqual([['Accept', 'application/pdf']]);
    expect(downloads.download).toHaveBeenCalledWith(
      expect.objectContaining({ filename: 'Analytical-Engines-Ltd-ENG202512-2222.pdf', saveAs: false }),
    );
    expect(downloads.download.mock.calls[0]![0].url).toMatch(/^blob:/);
  });

  it('refuses to save an answer that is not a PDF', async () => {
    routes['/v4/billing/organisations/orga_eng/ENG202511-1111.pdf'] = () =>
      sendResponse(200, new TextEncoder().encode('<html>maintenance</html>'), {
        contentType: 'application/octet-stream',
      });
    const { root } = mount(<InvoicesView />);
    await waitFor(() => button(root, 'Download PDF of invoice ENG202511-1111'));
    await user.click(button(root, 'Download PDF of invoice ENG202511-1111'));
    await waitFor(() => expect(text(root)).toContain('is not a PDF'));
    expect(downloads.download).not.toHaveBeenCalled();
  });
});
