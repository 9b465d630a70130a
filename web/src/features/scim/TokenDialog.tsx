import { useTranslation } from 'react-i18next';
import { ShownOnceDialog } from '../../components/ShownOnceDialog';

export interface RevealedToken {
  secret: string;
  name: string;
}

/** A new SCIM token, shown this once with a copy button; clicking outside does not close it. */
export function TokenDialog({ revealed, onClose }: { revealed: RevealedToken | null; onClose: () => void }) {
  const { t } = useTranslation('scim');
  return (
    <ShownOnceDialog
      value={revealed?.secret ?? null}
      texts={
        revealed && {
          title: t('reveal.title'),
          text: t('reveal.text', { name: revealed.name }),
          once: t('reveal.once'),
          label: t('reveal.label'),
          how: t('reveal.how'),
          copy: t('copy'),
          copied: t('copied'),
          done: t('reveal.done'),
        }
      }
      testId="scim-token"
      onClose={onClose}
    />
  );
}
