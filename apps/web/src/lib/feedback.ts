import type { DialogConfirmProps } from 'antd-mobile/es/components/dialog';
import type { ToastShowProps } from 'antd-mobile/es/components/toast';

// antd-mobile's Toast and Dialog bring its animation library (react-spring, about 20 KB of gzip with the mask)
// with them: they load with the first message a screen shows, not with the screen. Screens and the API client
// show messages and confirmations through these two functions instead of importing Toast or Dialog.
const loadToast = () => import('antd-mobile/es/components/toast').then((m) => m.default);
const loadDialog = () => import('antd-mobile/es/components/dialog').then((m) => m.default);

/** Shows a toast (Toast.show) once antd-mobile's Toast has loaded. */
export function showToast(props: ToastShowProps): void {
  void loadToast().then((Toast) => Toast.show(props));
}

/** Asks for a confirmation (Dialog.confirm): resolves true when the user confirms. */
export function confirmDialog(props: DialogConfirmProps): Promise<boolean> {
  return loadDialog().then((Dialog) => Dialog.confirm(props));
}
