/** Stand-in replaced by H4 (the auditor's audit bundles page); never merged as it is. */
export default function AuditorBundlesPage() {
  return null;
}
