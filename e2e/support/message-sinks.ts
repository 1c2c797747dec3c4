import { once } from "node:events";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { createServer as createTcpServer, type Socket, type Server as TcpServer } from "node:net";

/**
 * Stand-ins for a real mail server and SMS gateway, for a journey against a production server
 * (which has no development outbox): every message it sends lands here, by recipient, so the
 * journey can read its codes. The mail server speaks just enough SMTP for nodemailer (no STARTTLS,
 * no AUTH offered); the gateway takes `POST {to, text}` as SMS_WEBHOOK_URL's gateway does.
 */
export type Sinks = {
  smtpUrl: string;
  smsUrl: string;
  /** Everything received so far for `to`: an e-mail's raw message, an SMS's text; oldest first. */
  messagesTo: (to: string) => string[];
  close: () => Promise<void>;
};

async function listen(server: HttpServer | TcpServer): Promise<number> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

export async function startMessageSinks(): Promise<Sinks> {
  const received: { to: string; text: string }[] = [];
  const sockets = new Set<Socket>();

  const smtp = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    socket.setEncoding("utf8");
    let buffer = "";
    let recipients: string[] = [];
    let data: string[] | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 sink.test ESMTP");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== ".") {
            data.push(line.startsWith("..") ? line.slice(1) : line);
            continue;
          }
          for (const to of recipients) received.push({ to, text: data.join("\n") });
          data = null;
          recipients = [];
          reply("250 queued");
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 sink.test");
        else if (verb === "RCPT") {
          recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          reply("250 ok");
        } else if (verb === "DATA") {
          data = [];
          reply("354 end with <CRLF>.<CRLF>");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("250 ok"); // MAIL, RSET, NOOP
      }
    });
  });

  const sms = createHttpServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const message = JSON.parse(body) as { to: string; text: string };
      received.push({ to: message.to, text: message.text });
      response.writeHead(202).end();
    });
  });

  const [smtpPort, smsPort] = await Promise.all([listen(smtp), listen(sms)]);
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    smsUrl: `http://127.0.0.1:${smsPort}/sms`,
    messagesTo: (to) => received.filter((message) => message.to === to).map((message) => message.text),
    close: async () => {
      sms.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      await Promise.all([
        new Promise((resolve) => sms.close(resolve)),
        new Promise((resolve) => smtp.close(resolve)),
      ]);
    },
  };
}
