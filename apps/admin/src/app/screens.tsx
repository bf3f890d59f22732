import {
  AuditOutlined,
  BookOutlined,
  CommentOutlined,
  CustomerServiceOutlined,
  FileTextOutlined,
  BankOutlined,
  DashboardOutlined,
  DownloadOutlined,
  IdcardOutlined,
  LineChartOutlined,
  SafetyCertificateOutlined,
  SwapOutlined,
  TeamOutlined,
  UploadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { RoleGate } from '../components/RoleGate.tsx';
import { AuditPage } from '../features/audit/AuditPage.tsx';
import { ContentPage } from '../features/content/ContentPage.tsx';
import { ChatPage } from '../features/support/ChatPage.tsx';
import { TicketsPage } from '../features/support/TicketsPage.tsx';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { KycPage } from '../features/kyc/KycPage.tsx';
import { LedgerPage } from '../features/ledger/LedgerPage.tsx';
import { MarketsPage } from '../features/markets/MarketsPage.tsx';
import { UserPage } from '../features/users/UserPage.tsx';
import { UsersPage } from '../features/users/UsersPage.tsx';
import { OperatorsPage } from '../features/operators/OperatorsPage.tsx';
import { ReservesPage } from '../features/reserves/ReservesPage.tsx';
import { AdjustmentsPage } from '../features/wallet/AdjustmentsPage.tsx';
import { BankWithdrawalsPage } from '../features/wallet/BankWithdrawalsPage.tsx';
import { DepositsPage } from '../features/wallet/DepositsPage.tsx';
import { WithdrawalsPage } from '../features/wallet/WithdrawalsPage.tsx';
import type { Role } from '../lib/roles.ts';

export interface Screen {
  path: string;
  /** Its i18n key under nav.* */
  key: string;
  icon: ReactNode;
  roles: readonly Role[];
  element: ReactNode;
  /** A page reached from another screen (a user's page from the search), not from the menu. */
  hidden?: boolean;
}

function screen(
  path: string,
  key: string,
  icon: ReactNode,
  roles: readonly Role[],
  page: ReactNode,
  hidden = false,
): Screen {
  return { path, key, icon, roles, element: <RoleGate roles={roles}>{page}</RoleGate>, hidden };
}

const VIEWERS = ['finance', 'support', 'compliance'] as const;

/** Every screen of the console with the roles that own it; the menu and the routes are built from this. */
export const screens: Screen[] = [
  screen('/', 'dashboard', <DashboardOutlined />, [], <DashboardPage />),
  screen('/users', 'users', <UserOutlined />, VIEWERS, <UsersPage />),
  screen('/users/:id', 'users', <UserOutlined />, VIEWERS, <UserPage />, true),
  screen('/kyc', 'kyc', <IdcardOutlined />, ['compliance'], <KycPage />),
  screen('/deposits', 'deposits', <DownloadOutlined />, VIEWERS, <DepositsPage />),
  screen('/withdrawals', 'withdrawals', <UploadOutlined />, VIEWERS, <WithdrawalsPage />),
  screen('/bank-withdrawals', 'bankWithdrawals', <BankOutlined />, VIEWERS, <BankWithdrawalsPage />),
  screen('/adjustments', 'adjustments', <SwapOutlined />, ['finance'], <AdjustmentsPage />),
  screen('/ledger', 'ledger', <BookOutlined />, ['finance'], <LedgerPage />),
  screen('/reserves', 'reserves', <SafetyCertificateOutlined />, ['finance'], <ReservesPage />),
  screen('/markets', 'markets', <LineChartOutlined />, VIEWERS, <MarketsPage />),
  screen('/tickets', 'tickets', <CustomerServiceOutlined />, ['support'], <TicketsPage />),
  screen('/chat', 'chat', <CommentOutlined />, ['support'], <ChatPage />),
  screen('/content', 'content', <FileTextOutlined />, ['content'], <ContentPage />),
  screen('/operators', 'operators', <TeamOutlined />, ['super_admin'], <OperatorsPage />),
  screen('/audit', 'audit', <AuditOutlined />, ['super_admin'], <AuditPage />),
];
