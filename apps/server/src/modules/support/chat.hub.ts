import type { WebSocket } from 'ws';
import type { ChatEvent } from '@tidemark/contract/support-chat';

/**
 * Who is connected, in this process: a user's sockets (several tabs) and every agent's socket.
 * Presence is per process; a multi-node deployment would move this onto the bus.
 */
export class ChatHub {
  private readonly users = new Map<number, Set<WebSocket>>();
  private readonly agents = new Map<WebSocket, number>();

  addUser(userId: number, socket: WebSocket): void {
    const set = this.users.get(userId) ?? new Set();
    set.add(socket);
    this.users.set(userId, set);
  }
  removeUser(userId: number, socket: WebSocket): void {
    const set = this.users.get(userId);
    set?.delete(socket);
    if (set && set.size === 0) this.users.delete(userId);
  }
  addAgent(operatorId: number, socket: WebSocket): void {
    this.agents.set(socket, operatorId);
    this.broadcastPresence();
  }
  removeAgent(socket: WebSocket): void {
    if (this.agents.delete(socket)) this.broadcastPresence();
  }
  /** Distinct operators connected as agents. */
  agentsOnline(): number {
    return new Set(this.agents.values()).size;
  }
  toUser(userId: number, event: ChatEvent): void {
    for (const s of this.users.get(userId) ?? []) send(s, event);
  }
  toAgents(event: ChatEvent): void {
    for (const s of this.agents.keys()) send(s, event);
  }
  /** Closes every socket (server shutdown). */
  closeAll(): void {
    for (const set of this.users.values()) for (const s of set) s.close(1001, 'server stopping');
    for (const s of this.agents.keys()) s.close(1001, 'server stopping');
    this.users.clear();
    this.agents.clear();
  }
  private broadcastPresence(): void {
    const event: ChatEvent = { type: 'presence', agentsOnline: this.agentsOnline() };
    for (const set of this.users.values()) for (const s of set) send(s, event);
  }
}

export function send(socket: WebSocket, event: ChatEvent): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
}
