// The part of s3rver (a fake S3 server, tests only; it ships no types) that test/s3-server.ts uses.
declare module "s3rver" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  import type { AddressInfo } from "node:net";

  export default class S3rver {
    constructor(options: {
      address?: string;
      /** 0: any free port; run() answers the one chosen. */
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string; configs: string[] }[];
    });
    run(): Promise<AddressInfo>;
    /** Koa's request handler, for a server of one's own. */
    callback(): (request: IncomingMessage, response: ServerResponse) => Promise<void>;
    close(): Promise<void>;
  }
}
