import type { PageProps } from '../../lib/page';
import { RestrictionsScreen } from './RestrictionsScreen';

/** /app/sysops/frozen-accounts: freeze (read-only) a user or an organisation; unfreeze; current and past freezes. */
export default function FrozenAccountsPage({ pageId }: PageProps) {
  return <RestrictionsScreen kind="freeze" pageId={pageId} />;
}
