import fs from "node:fs";
import path from "node:path";
import { writeTree } from "../io/write.js";
import type { InitPlan } from "./plan.js";

/** A plan with a conflict, or a file changed since it was planned: nothing (more) was written. */
export class InitConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InitConflictError";
  }
}

/**
 * Carries out a plan without a conflict, step by step in its order. A file is created only if it
 * is still absent, and a file is changed only if it still holds what was planned from: init never
 * replaces what someone else wrote meanwhile.
 */
export function applyInit(plan: InitPlan): void {
  if (plan.steps.some((s) => s.status === "conflict"))
    throw new InitConflictError("the plan has conflicts; nothing was written");
  for (const step of plan.steps) {
    const action = step.action;
    if (action === undefined) continue;
    const full = path.join(plan.folder, step.path);
    switch (action.kind) {
      case "mkdir":
        fs.mkdirSync(full, { recursive: true });
        break;
      case "create":
        fs.mkdirSync(path.dirname(full), { recursive: true });
        try {
          fs.writeFileSync(full, action.content, { flag: "wx" });
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
          throw new InitConflictError(
            `${step.path} appeared while init ran; it was left alone`,
          );
        }
        break;
      case "append":
        unchangedSincePlanned(full, step.path, action.before);
        fs.appendFileSync(full, action.text);
        break;
      case "rewrite": {
        unchangedSincePlanned(full, step.path, action.before);
        const temp = `${full}.toolgen-init-${process.pid}`;
        fs.writeFileSync(temp, action.content);
        fs.renameSync(temp, full);
        break;
      }
      case "generate":
        writeTree(full, action.files);
        break;
    }
  }
}

function unchangedSincePlanned(
  full: string,
  shown: string,
  before: string,
): void {
  if (fs.readFileSync(full, "utf8") !== before)
    throw new InitConflictError(
      `${shown} changed while init ran; it was left alone`,
    );
}
