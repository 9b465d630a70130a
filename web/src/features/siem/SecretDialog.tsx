import { useTranslation } from 'react-i18next';
import { ShownOnceDialog } from '../../components/ShownOnceDialog';

export interface RevealedSecret {
  secret: string;
  name: string;
  /** A rotation (the old secret keeps signing for the overlap) rather than a new destination. */
  rotated: boolean;
}

/**
 * The signing secret of a new destination or of a rotation, shown this once, with a copy button.
 * Clicking outside does not close it: the secret cannot be read again.
 */
export function SecretDialog({ revealed, onClose }: { revealed: RevealedSecret | null; onClose: () => void }) {
  const { t } = useTranslation('siem');
  return (
    <ShownOnceDialog
      value={revealed?.secret ?? null}
      texts={
        revealed && {
          title: revealed.rotated ? t('secret.rotatedTitle') : t('secret.title'),
          text: revealed.rotated ? t('secret.rotatedText', { name: revealed.name }) : t('secret.text', { name: revealed.name }),
          once: t('secret.once'),
          label: t('secret.label'),
          how: t('secret.how'),
          copy: t('secret.copy'),
          copied: t('secret.copied'),
          done: t('secret.done'),
        }
      }
      testId="secret"
      onClose={onClose}
    />
  );
}
