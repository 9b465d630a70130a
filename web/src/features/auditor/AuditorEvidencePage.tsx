/** Stand-in replaced by H2 (the auditor's evidence records page); never merged as it is. */
export default function AuditorEvidencePage() {
  return null;
}
