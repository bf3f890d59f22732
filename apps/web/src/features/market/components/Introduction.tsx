import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import { groupThousands } from '../../../lib/format/decimal.ts';
import { coinInfoQuery } from '../api/market.ts';

/** The coin's introduction: total supply, official site and block explorer (server configuration). */
export function Introduction(props: { coinType: number }) {
  const { t } = useTranslation('market');
  const info = useQuery(coinInfoQuery(props.coinType));
  if (info.isLoading) return <div className="list-loading">{t('loading')}</div>;
  if (!info.data) return <div className="list-loading">{t('detail.noInfo')}</div>;
  const c = info.data;
  return (
    <div className="intro" data-testid="coin-intro">
      <h3 className="intro__title">
        {c.name} ({c.code})
      </h3>
      <p className="intro__text">{c.introduction}</p>
      <dl className="intro__facts">
        <dt>{t('detail.totalSupply')}</dt>
        <dd data-testid="total-supply">{c.totalSupply ? groupThousands(c.totalSupply) : t('detail.noCap')}</dd>
        {c.maxSupply && (
          <>
            <dt>{t('detail.maxSupply')}</dt>
            <dd>{groupThousands(c.maxSupply)}</dd>
          </>
        )}
        {c.issueDate && (
          <>
            <dt>{t('detail.issueDate')}</dt>
            <dd>{c.issueDate}</dd>
          </>
        )}
        <dt>{t('detail.officialSite')}</dt>
        <dd>
          <a href={c.officialSite} target="_blank" rel="noopener noreferrer">
            {c.officialSite.replace(/^https?:\/\//, '')}
          </a>
        </dd>
        <dt>{t('detail.explorer')}</dt>
        <dd>
          <a href={c.explorer} target="_blank" rel="noopener noreferrer">
            {c.explorer.replace(/^https?:\/\//, '')}
          </a>
        </dd>
      </dl>
    </div>
  );
}
