/**
 * Starts the popup's app from its first-paint script: the module graph Vite built, entry first, then the files it
 * imports (as the `<script type="module">` and `<link rel="modulepreload">` tags Vite would have put in the page,
 * which scripts/vite-classic-script.ts turns into this list). With an account painted, the app's files are only
 * asked for once that paint is on screen: read and compiled sooner, they held the first frame back.
 */
export function startApp(doc: Document, modules: readonly string[], afterFirstFrame: boolean): void {
  const [entry, ...preloads] = modules;
  if (!entry) return;
  const start = () => {
    for (const href of preloads) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      doc.head.append(link);
    }
    const script = doc.createElement('script');
    script.type = 'module';
    script.src = entry;
    doc.body.append(script);
  };
  if (!afterFirstFrame || doc.visibilityState !== 'visible') {
    start();
    return;
  }
  // A hidden page gets no frames, and a late frame must not keep the app waiting: whichever comes first.
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}

/** The list the build wrote on the script tag; nothing (the app then never starts) only if the build is broken. */
export function readModules(script: HTMLOrSVGScriptElement | null): string[] {
  try {
    const value: unknown = JSON.parse((script as HTMLScriptElement | null)?.dataset.modules ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
