import fs from "node:fs/promises";
import path from "node:path";
import { isRecord, listIn, type RuntimeClient } from "./platform.js";

/** The largest attachment the platform takes. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

export interface SendMessageInput {
  readonly message: string;
  readonly attachments?: readonly string[];
  readonly workspace_id?: string;
}

/**
 * send_message_to_user: every attachment is checked (it exists, is a file, is at most 25 MB)
 * before anything is sent, so a bad path never leaves a message without its files. Each file is
 * then uploaded to the workspace's chat, and the message sent with what the uploads returned.
 */
export async function sendMessageToUser(
  input: SendMessageInput,
  client: RuntimeClient,
  cwd: string,
  signal?: AbortSignal,
): Promise<unknown> {
  const workspace = input.workspace_id;
  const where = workspace === undefined ? {} : { workspace };
  const options = signal ? { signal } : {};
  const files = await checkFiles(input.attachments ?? [], cwd);

  const uploaded: unknown[] = [];
  for (const file of files) {
    const bytes = await fs.readFile(file.full);
    if (bytes.length > MAX_ATTACHMENT_BYTES)
      throw new Error(tooLarge(file.given, bytes.length));
    const form = new FormData();
    form.append("files", new Blob([bytes]), path.basename(file.full));
    const answer = await client.$request(
      {
        method: "POST",
        path: "/workspaces/{$workspace}/chat/uploads",
        ...where,
        body: form,
        label: "send_message_to_user: upload",
      },
      options,
    );
    const listed = listIn(answer, ["files", "attachments", "uploads"]);
    if (listed.length > 0) uploaded.push(...listed);
    else if (isRecord(answer))
      uploaded.push(isRecord(answer.file) ? answer.file : answer);
    else
      throw new Error(
        `send_message_to_user: the platform's answer to the upload of ${file.given} names no uploaded file; the message was not sent`,
      );
  }

  const body =
    uploaded.length > 0
      ? { message: input.message, attachments: uploaded }
      : { message: input.message };
  await client.$request(
    {
      method: "POST",
      path: "/workspaces/{$workspace}/notify",
      ...where,
      body,
      label: "send_message_to_user",
    },
    options,
  );
  return { sent: true, attachments: files.map((f) => path.basename(f.full)) };
}

async function checkFiles(
  paths: readonly string[],
  cwd: string,
): Promise<{ given: string; full: string }[]> {
  const problems: string[] = [];
  const files: { given: string; full: string }[] = [];
  for (const given of paths) {
    const full = path.resolve(cwd, given);
    let stat;
    try {
      stat = await fs.stat(full);
    } catch {
      problems.push(`${given} does not exist or cannot be read`);
      continue;
    }
    if (!stat.isFile()) problems.push(`${given} is not a file`);
    else if (stat.size > MAX_ATTACHMENT_BYTES)
      problems.push(tooLarge(given, stat.size));
    else files.push({ given, full });
  }
  if (problems.length > 0)
    throw new Error(
      `send_message_to_user: nothing was sent: ${problems.join("; ")}`,
    );
  return files;
}

function tooLarge(given: string, size: number): string {
  return `${given} is ${(size / 1024 / 1024).toFixed(1)} MB, over the 25 MB limit for an attachment`;
}
