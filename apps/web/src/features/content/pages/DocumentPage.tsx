import { useParams } from 'react-router-dom';
import { DocumentView } from '../components/DocumentView.tsx';
import '../components/content.css';

/** /documentDetail/:type — a document by its code, e.g. /documentDetail/user_agreement. */
export default function DocumentPage() {
  const { type } = useParams();
  return <DocumentView code={type ?? ''} />;
}
