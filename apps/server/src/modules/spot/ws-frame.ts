/**
 * A text message as one complete server-to-client WebSocket frame (RFC 6455 §5.2: FIN, opcode 1, unmasked,
 * no RSV bits — valid with or without permessage-deflate, where RSV1 clear means "not compressed"), built
 * once so the same bytes can be written to any number of sockets as they are, without `ws` framing each
 * copy again (a header buffer and a two-buffer write per socket).
 */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const head = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + length);
  frame[0] = 0x81;
  if (head === 2) frame[1] = length;
  else if (head === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, head, 'utf8');
  return frame;
}
