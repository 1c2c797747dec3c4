// pg-boss's SQL builders (an internal module without its own types): only what jobs/pg-boss.ts reads.
declare module "pg-boss/src/plans.js" {
  const plans: {
    completeJobs(schema: string): string;
    failJobsById(schema: string): string;
  };
  export default plans;
}
