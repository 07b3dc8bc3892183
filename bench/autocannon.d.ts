// The part of autocannon's API the platform benchmark uses (the package ships no types).
declare module "autocannon" {
  namespace autocannon {
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
      total?: number;
    }
    interface Result {
      requests: Histogram & { sent: number };
      latency: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      "2xx": number;
      duration: number;
      connections: number;
    }
    interface Options {
      url: string;
      method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number;
      pipelining?: number;
      timeout?: number;
      /** Per-request hooks; `setupRequest` may return a request with another body. */
      requests?: { setupRequest?: (request: Request) => Request }[];
    }
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
