/** The Muster mark: an "M" in signal amber on harbour navy. Decorative; the product name beside it is the label. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0b3a5b" />
      <path d="M14 46V18l18 16 18-16v28" fill="none" stroke="#f2b134" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
