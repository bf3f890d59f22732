/** An operator of the back office as the console sees it (never the password or the TOTP secret). */
export interface OperatorView {
  id: number;
  email: string;
  name: string;
  roles: string[];
  active: boolean;
  createdAt: number;
}
