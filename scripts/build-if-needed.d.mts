export declare const root: string;
export declare function buildIfNeeded(options?: {
  force?: boolean;
  only?: ("web" | "api")[];
  stdio?: import("node:child_process").StdioOptions;
}): void;
