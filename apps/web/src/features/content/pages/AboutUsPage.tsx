import List from 'antd-mobile/es/components/list';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { DocumentView } from '../components/DocumentView.tsx';
import '../components/content.css';

/** The documents every user may want to find from "About us". */
const LEGAL = [
  'user_agreement',
  'privacy_policy',
  'fee_schedule',
  'risk_spot',
  'risk_futures',
  'risk_cycle',
  'risk_earn',
] as const;

/** /aboutUs: the about_us document, then links to the other published documents. */
export default function AboutUsPage() {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  return (
    <>
      <DocumentView code="about_us" />
      <List className="ct-list ct-list--docs" header={t('about.documents')}>
        {LEGAL.map((code) => (
          <List.Item
            key={code}
            onClick={() => void navigate(`/documentDetail/${code}`)}
            data-testid={`about-doc-${code}`}
          >
            {t(`about.doc.${code}`)}
          </List.Item>
        ))}
      </List>
    </>
  );
}
