// Shows a file a call answered (spec 000 section 7: blob results open in a new window): in a new window,
// else, when the browser blocks the window, as a download under the file's name.

/** How long the new window may take to read the file before its address is released. */
const BLOB_URL_LIFETIME_MS = 60_000;

export function openFile(file: File): 'window' | 'download' {
  const url = URL.createObjectURL(file);
  setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
  if (window.open(url, '_blank')) return 'window';
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  return 'download';
}
