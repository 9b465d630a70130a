/**
 * `Content-Disposition: attachment` for a file name: an ASCII fallback (`filename=`) and the
 * exact name in UTF-8 (`filename*=`, RFC 6266 / RFC 8187), so the browser downloads the file
 * under its name and never shows it inline — unless `inline` is asked for (a PDF or an image the
 * browser shows, sandboxed by the caller's Content-Security-Policy).
 */
export function contentDisposition(filename: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = Array.from(filename)
    .map((c) => (c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) < 0x7f && c !== '"' && c !== '\\' && c !== '%' ? c : '_'))
    .join('');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
