import type { PageProps } from '../../lib/page';
import { RestrictionsScreen } from './RestrictionsScreen';

/** /app/sysops/suspensions: suspend a user or an organisation; lift; current and past suspensions. */
export default function SuspensionsPage({ pageId }: PageProps) {
  return <RestrictionsScreen kind="suspension" pageId={pageId} />;
}
