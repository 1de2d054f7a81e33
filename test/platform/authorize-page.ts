/** The HTML of the authorize step: login + one checkbox per requested right. It appears in demos and screenshots. */
import { PLATFORM_NAME, RIGHT_DESCRIPTIONS, type Right, SANDBOX_USER } from './defaults.ts';
import { escapeHtml } from './http-util.ts';

const STYLE = `
:root { color-scheme: light dark; --bg: #f4f5f9; --card: #ffffff; --text: #1d2433; --muted: #5d6678; --line: #dfe3ec;
  --accent: #3b46d1; --accent-text: #ffffff; --danger: #b42318; --danger-bg: #fdecea; --focus: #8c95ff; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #10131b; --card: #1a1f2b; --text: #e7eaf2; --muted: #a0a8ba; --line: #2c3344; --accent: #7c86ff;
    --accent-text: #0d1020; --danger: #ffb4a9; --danger-bg: #3a1714; --focus: #b7bdff; }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--text);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; padding: 24px; }
main { width: 100%; max-width: 460px; background: var(--card); border: 1px solid var(--line); border-radius: 14px;
  padding: 28px 28px 22px; box-shadow: 0 10px 30px rgb(0 0 0 / 0.08); }
.brand { display: flex; align-items: center; gap: 10px; font-weight: 700; font-size: 17px; margin-bottom: 18px; }
h1 { font-size: 20px; margin: 0 0 6px; }
p { margin: 0 0 14px; color: var(--muted); }
label { display: block; font-weight: 600; margin: 12px 0 4px; }
input[type=email], input[type=password], input[type=text] { width: 100%; padding: 9px 11px; border-radius: 8px;
  border: 1px solid var(--line); background: transparent; color: var(--text); font: inherit; }
input:focus-visible, button:focus-visible { outline: 3px solid var(--focus); outline-offset: 1px; }
fieldset { border: 1px solid var(--line); border-radius: 10px; margin: 18px 0 0; padding: 8px 14px 10px; min-width: 0; }
legend { font-weight: 600; padding: 0 6px; }
.right { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; padding: 7px 0; border-top: 1px solid var(--line); }
.right:first-of-type { border-top: 0; }
.right input { margin-top: 4px; }
.right label { margin: 0; font-weight: 600; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px;
  overflow-wrap: anywhere; }
.right span { grid-column: 2; color: var(--muted); font-size: 13px; }
.actions { display: flex; gap: 10px; margin-top: 20px; }
button { flex: 1; padding: 10px 14px; border-radius: 8px; font: inherit; font-weight: 600; cursor: pointer;
  border: 1px solid var(--line); background: transparent; color: var(--text); }
button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-text); }
.error { background: var(--danger-bg); color: var(--danger); border-radius: 8px; padding: 10px 12px; margin: 0 0 12px; }
.hint { margin-top: 18px; font-size: 12px; color: var(--muted); }
.signed-in { border: 1px solid var(--line); border-radius: 10px; padding: 10px 12px; }
a { color: var(--accent); }
`;

const LOGO = `<svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true"><rect width="28" height="28" rx="7"
 fill="var(--accent)"/><path d="M7 17a5 5 0 0 1 4.6-5 6 6 0 0 1 11.2 2.1A3.5 3.5 0 0 1 21.5 21H9a4 4 0 0 1-2-4z"
 fill="var(--accent-text)"/></svg>`;

export function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${PLATFORM_NAME}</title><style>${STYLE}</style></head>
<body><main><div class="brand">${LOGO}<span>${PLATFORM_NAME}</span></div>${content}</main></body></html>`;
}

export interface AuthorizeForm {
  requestToken: string;
  consumer: { name: string; description: string; url: string };
  rights: Right[];
  /** Rights to show checked (all requested by default). */
  checked?: ReadonlySet<Right>;
  email?: string;
  error?: string;
  /** Signed in through the login cookie: no credentials asked. */
  signedInAs?: string;
}

export function authorizePage(form: AuthorizeForm): string {
  const token = escapeHtml(form.requestToken);
  const consumer = escapeHtml(form.consumer.name);
  const credentials = form.signedInAs
    ? `<p class="signed-in">Signed in as <strong>${escapeHtml(form.signedInAs)}</strong>.
       <a href="/v2/oauth/authorize?oauth_token=${token}&amp;switch=1">Use another account</a></p>`
    : `<label for="email">Email address</label>
       <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(form.email ?? '')}">
       <label for="password">Password</label>
       <input id="password" name="password" type="password" autocomplete="current-password" required>
       <label for="mfa_code">Authentication code <span style="font-weight:400;color:var(--muted)">(only if two-factor is on)</span></label>
       <input id="mfa_code" name="mfa_code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6">`;
  const rights = form.rights
    .map((right) => {
      const checked = !form.checked || form.checked.has(right) ? ' checked' : '';
      return `<div class="right"><input type="checkbox" id="r-${right}" name="${right}" value="on"${checked}
        aria-describedby="d-${right}"><label for="r-${right}">${right.replace(/_/g, '_<wbr>')}</label>
        <span id="d-${right}">${escapeHtml(RIGHT_DESCRIPTIONS[right])}</span></div>`;
    })
    .join('\n');
  const description = form.consumer.description ? ` ${escapeHtml(form.consumer.description)}` : '';
  const error = form.error ? `<p class="error" role="alert">${escapeHtml(form.error)}</p>` : '';
  return page(
    `Authorize ${form.consumer.name}`,
    `<h1>Authorize ${consumer}</h1>
<p><strong>${consumer}</strong> wants to use your ${PLATFORM_NAME} account.${description}</p>
${error}
<form method="post" action="/v2/oauth/authorize">
<input type="hidden" name="oauth_token" value="${token}">
${credentials}
<fieldset><legend>Allow ${consumer} to</legend>
${rights || '<p>No rights requested.</p>'}
</fieldset>
<div class="actions"><button type="submit" name="action" value="deny" formnovalidate>Deny</button>
<button type="submit" name="action" value="approve" class="primary">Allow access</button></div>
</form>
<p class="hint">This is a local simulation of the platform. Demo account:
<code>${SANDBOX_USER.email}</code> / <code>${SANDBOX_USER.password}</code>.</p>`,
  );
}

export function errorPage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p>`);
}
