import 'antd-mobile/es/global';
import './app/styles.css';
// the stored theme and colour convention, kept on <html> (appearance-boot.js set them before this ran)
import './lib/appearance/store.ts';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createAppRouter } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { setUpPwa } from './lib/pwa.ts';

setUpPwa(); // installable app: service worker + install prompt
const root = createRoot(document.getElementById('root')!);
// The router starts fetching the opened screen's chunk at once, while the texts load beside it.
const router = createAppRouter();
void initI18n().then(() => root.render(<App router={router} />));
