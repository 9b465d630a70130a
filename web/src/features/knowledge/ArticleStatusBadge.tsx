import { Badge } from '@chakra-ui/react';
import type { ArticleStatus } from '@muster/contracts';
import { useTranslation } from 'react-i18next';

const PALETTES: Record<ArticleStatus, string> = { draft: 'gray', in_review: 'orange', published: 'green' };

export function ArticleStatusBadge({ status }: { status: ArticleStatus }) {
  const { t } = useTranslation('knowledge');
  return (
    <Badge colorPalette={PALETTES[status]} data-testid="article-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
