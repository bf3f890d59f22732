import { useMemo, useState } from 'react';
import CheckList from 'antd-mobile/es/components/check-list';
import { LazyPopup } from '../../../components/LazyPopup.tsx';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { DownOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/use-translation.ts';
import { LANGUAGE_TAGS, isLocale } from '../../../lib/languages.ts';
import { countryOptions, filterCountries } from '../model/countries.ts';

/** The issuing country of the document: a searchable list named in the reader's language. */
export function CountryPicker(props: { value: string; onChange: (code: string) => void }) {
  const { t, i18n } = useTranslation('kyc');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const tag = isLocale(i18n.language) ? LANGUAGE_TAGS[i18n.language] : 'en-US';
  const options = useMemo(() => countryOptions(tag), [tag]);
  const shown = useMemo(() => filterCountries(options, query), [options, query]);
  const selected = options.find((o) => o.code === props.value);

  return (
    <>
      <button type="button" className="kyc-select" onClick={() => setOpen(true)} data-testid="input-country">
        {selected ? (
          <span>{selected.name}</span>
        ) : (
          <span className="kyc-select__placeholder">{t('basic.countryPlaceholder')}</span>
        )}
        <DownOutline />
      </button>
      <LazyPopup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyStyle={{ borderRadius: '14px 14px 0 0' }}
      >
        <div style={{ padding: 12 }}>
          <SearchBar
            placeholder={t('basic.countrySearch')}
            value={query}
            onChange={setQuery}
            data-testid="country-search"
          />
        </div>
        <div className="kyc-country-list">
          <CheckList
            value={props.value ? [props.value] : []}
            onChange={(v) => {
              const code = v[0];
              if (typeof code === 'string') {
                props.onChange(code);
                setOpen(false);
                setQuery('');
              }
            }}
          >
            {shown.map((o) => (
              <CheckList.Item key={o.code} value={o.code} data-testid={`country-${o.code}`}>
                {o.name}
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
      </LazyPopup>
    </>
  );
}
