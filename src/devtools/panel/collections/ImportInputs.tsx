/**
 * The Saved view's two import pickers: one file (Keyhole, Postman, Insomnia, a zipped Bruno collection, HAR,
 * curl), or a folder (a Bruno collection as it is on disk). Both hand their files to `onFiles` and clear the
 * input, so picking the same file again imports it again.
 */
export function ImportInputs({ onFiles }: { onFiles: (files: File[]) => Promise<void> }) {
  const pick = (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const files = [...(input.files ?? [])];
    if (files.length > 0) void onFiles(files).finally(() => (input.value = ''));
  };
  return (
    <>
      <label class="kh-button kh-button--small kh-file-button">
        Import…
        <input
          type="file"
          class="kh-visually-hidden"
          accept=".json,.har,.txt,.sh,.zip,.bru,application/json,application/zip"
          aria-label="Import a collection file (Keyhole, Postman, Insomnia, Bruno zip, HAR or curl)"
          onChange={pick}
        />
      </label>
      <label class="kh-button kh-button--small kh-file-button">
        Import folder…
        <input
          type="file"
          class="kh-visually-hidden"
          {...{ webkitdirectory: true }}
          multiple
          aria-label="Import a Bruno collection folder"
          onChange={pick}
        />
      </label>
    </>
  );
}
