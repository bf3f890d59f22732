/**
 * The support chat on the wire: a message as the server stores and sends it, and the server → client frames of
 * the chat socket (/api/ws/support) that the web app (user side) and the admin (agent side) read. Types only.
 */
export interface ChatMessage {
  id: number;
  userId: number;
  sender: 'user' | 'agent' | 'system';
  operatorId: number | null;
  content: string;
  images: string[];
  createdAt: number;
  read: boolean;
}

/** Every frame either side may receive; `assigned` goes to agents only. */
export type ChatEvent =
  | { type: 'ready'; role: 'user' | 'agent'; agentsOnline: number; unread?: number }
  | { type: 'message'; message: ChatMessage }
  | { type: 'typing'; userId: number; from: 'user' | 'agent' }
  | { type: 'read'; userId: number; by: 'user' | 'agent'; upToId: number }
  | { type: 'presence'; agentsOnline: number }
  | { type: 'assigned'; userId: number; operatorId: number; from: number | null }
  | { type: 'error'; error: string; message: string };
