import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Work that must not hold up an answer: sending a recovery code after the request has been answered,
 * so that the answer takes as long whether the address has an account or not. A task's failure is
 * logged, never answered; closing the app waits for the tasks still running, and tests await
 * `settle()` before reading what a task wrote.
 */
export type BackgroundTasks = {
  run: (name: string, task: () => Promise<unknown>) => void;
  settle: () => Promise<void>;
};

declare module "fastify" {
  interface FastifyInstance {
    backgroundTasks: BackgroundTasks;
  }
}

export const backgroundTasksPlugin = fp(
  async (app: FastifyInstance) => {
    const running = new Set<Promise<unknown>>();
    const tasks: BackgroundTasks = {
      run: (name, task) => {
        // setImmediate: the task starts once the current request's answer is on its way.
        const promise = new Promise<void>((resolve) => setImmediate(resolve))
          .then(task)
          .catch((error: unknown) => app.log.error({ err: error, task: name }, "background task failed"))
          .finally(() => running.delete(promise));
        running.add(promise);
      },
      settle: async () => {
        while (running.size > 0) await Promise.all([...running]);
      },
    };
    app.decorate("backgroundTasks", tasks);
    // preClose runs before any onClose hook, so the database is still open for the last tasks.
    app.addHook("preClose", async () => tasks.settle());
  },
  { name: "background-tasks" },
);
