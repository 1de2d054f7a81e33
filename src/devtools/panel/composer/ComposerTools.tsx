import { useState } from 'preact/hooks';
import { Lazy } from '../../../ui/Lazy.tsx';
import type { PanelServices } from '../services.ts';
import type { Workbench } from '../workbench.ts';

/** Import from curl, and copy as curl, clever curl or code in another language. Their dialogs load on first use. */
const loadImport = () => import('./CurlImportDialog.tsx');
const loadExport = () => import('./CurlExportDialog.tsx');

type Open = 'none' | 'import' | 'curl' | 'clever' | 'code';

export function ComposerTools({ workbench, services }: { workbench: Workbench; services: PanelServices }) {
  const [open, setOpen] = useState<Open>('none');
  const close = () => setOpen('none');
  return (
    <div class="kh-composer-tools">
      <button type="button" class="kh-button kh-button--small" onClick={() => setOpen('import')}>
        Import curl…
      </button>
      <button type="button" class="kh-button kh-button--small" onClick={() => setOpen('curl')}>
        Copy as curl…
      </button>
      <button type="button" class="kh-button kh-button--small" onClick={() => setOpen('clever')}>
        clever curl…
      </button>
      <button type="button" class="kh-button kh-button--small" onClick={() => setOpen('code')}>
        Code…
      </button>
      {open === 'import' ? (
        <Lazy
          load={loadImport}
          props={{ workbench, onClose: close }}
          fallback={<span class="kh-muted">Loading…</span>}
        />
      ) : null}
      {open === 'curl' || open === 'clever' || open === 'code' ? (
        <Lazy
          load={loadExport}
          // "Code…" opens on the first language beyond curl; the dialog's Language list has them all.
          props={{ workbench, services, flavour: open === 'code' ? ('httpie' as const) : open, onClose: close }}
          fallback={<span class="kh-muted">Loading…</span>}
        />
      ) : null}
    </div>
  );
}
