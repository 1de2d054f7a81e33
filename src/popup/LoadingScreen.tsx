/** Shown until the cache or the worker answers (usually a few milliseconds), and while a screen's code loads. */
export function LoadingScreen() {
  return (
    <main class="kp-main kp-screen" aria-busy="true">
      <span class="kp-spinner" aria-hidden="true" />
      <p class="kp-screen__text" role="status">
        Loading your account…
      </p>
    </main>
  );
}
