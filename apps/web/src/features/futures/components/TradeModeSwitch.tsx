import { useTranslation } from '../../../lib/use-translation.ts';
import { useSearchParams } from 'react-router-dom';
import './futures.css';

export type TradeMode = 'spot' | 'futures';

/** The /trade page's spot / futures switch; the choice lives in the URL (?mode=futures). */
export function useTradeMode(): TradeMode {
  const [params] = useSearchParams();
  return params.get('mode') === 'futures' ? 'futures' : 'spot';
}

export function TradeModeSwitch() {
  const { t } = useTranslation('futures');
  const [, setParams] = useSearchParams();
  const mode = useTradeMode();
  const button = (m: TradeMode) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === m}
      className={'trade-mode__tab' + (mode === m ? ' is-active' : '')}
      onClick={() => setParams(m === 'futures' ? { mode: 'futures' } : {}, { replace: true })}
      data-testid={`trade-mode-${m}`}
    >
      {t(`mode.${m}`)}
    </button>
  );
  return (
    <div className="trade-mode" role="tablist">
      {button('spot')}
      {button('futures')}
    </div>
  );
}
