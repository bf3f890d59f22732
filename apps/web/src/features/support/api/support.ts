import { queryOptions } from '@tanstack/react-query';
import { apiPost, apiUpload } from '../../../lib/api.ts';
import type { ChatMessage } from '@tidemark/contract/support-chat';

/** The help-and-support calls: tickets, the uploads their images go through, and the chat's reads. */
export type TicketState = 'waiting' | 'replied';

export interface TicketSummary {
  id: number;
  title: string;
  /** The question (the ticket's first message). */
  content: string;
  state: TicketState;
  source: 'form' | 'chat';
  createdAt: number;
  updatedAt: number;
}

export interface TicketMessage {
  id: number;
  author: 'user' | 'operator';
  content: string;
  /** Upload file ids (read through /api/xb/v1/common/file/<id> with the session). */
  images: string[];
  createdAt: number;
}

export interface TicketDetail {
  id: number;
  title: string;
  state: TicketState;
  source: 'form' | 'chat';
  createdAt: number;
  updatedAt: number;
  messages: TicketMessage[];
}

/** /xb/v1/tpaj/info: the built-in chat (and where its socket is), or the operator's external widget. */
export interface SupportInfo {
  mode: 'builtin' | 'external';
  externalUrl: string | null;
  agentOnline: boolean;
  wsPath: string;
}

export const supportKeys = {
  all: ['support'] as const,
  tickets: ['support', 'tickets'] as const,
  ticket: (id: number) => ['support', 'ticket', id] as const,
  info: ['support', 'info'] as const,
  unread: ['support', 'unread'] as const,
};

export const ticketsQuery = () =>
  queryOptions({
    queryKey: supportKeys.tickets,
    queryFn: () =>
      apiPost<{ list: TicketSummary[]; total: number }>('/xb/v1/support/ticket/list', { page: 1, size: 100 }),
  });

export const ticketQuery = (id: number) =>
  queryOptions({
    queryKey: supportKeys.ticket(id),
    queryFn: () => apiPost<TicketDetail>('/xb/v1/support/ticket/detail', { id }, { silent: true }),
  });

export const createTicket = (body: { title: string; content: string; images: string[] }) =>
  apiPost<{ id: number; state: TicketState }>('/xb/v1/support/ticket/create', body, { silent: true });

export const replyTicket = (body: { id: number; content: string; images: string[] }) =>
  apiPost<{ id: number; state: TicketState }>('/xb/v1/support/ticket/reply', body, { silent: true });

/** Uploads one image (multipart field `file`); the answer's fileId is what tickets and chat carry. */
export function uploadImage(file: File): Promise<{ fileId: string; url: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload<{ fileId: string; url: string }>('/xb/v1/common/upload', form, { silent: true, noRetry: true });
}

export const supportInfoQuery = () =>
  queryOptions({
    queryKey: supportKeys.info,
    queryFn: () => apiPost<SupportInfo>('/xb/v1/tpaj/info', {}),
    staleTime: 0,
  });

export const chatHistory = (beforeId?: number) =>
  apiPost<{ list: ChatMessage[] }>('/xb/v1/support/chat/history', beforeId ? { beforeId, size: 50 } : { size: 50 });

/** Unread support messages for the /mine badge; quiet when it fails (no badge is shown). */
export const chatUnreadQuery = () =>
  queryOptions({
    queryKey: supportKeys.unread,
    queryFn: () => apiPost<{ count: number }>('/xb/v1/support/chat/unread', {}, { silent: true, noRetry: true }),
    refetchInterval: 60_000,
  });
