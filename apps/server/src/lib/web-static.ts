import type { FastifyReply } from 'fastify';

/** A file Vite names after its content hash (assets/index-Bx3k9_aZ.js): its bytes never change under that name. */
const HASHED_ASSET = /[/\\]assets[/\\][^/\\]+-[A-Za-z0-9_-]{6,}\.[a-z0-9]+(\.(br|gz))?$/;

/** The Cache-Control of a web file: a year and immutable for hashed assets, revalidated for anything else. */
export function webCacheControl(filePath: string): string {
  return HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Options of @fastify/static for the built web app: the .br/.gz files written at build time are sent to a browser
 * that accepts them (Brotli first), and each file gets the Cache-Control above.
 */
export function webStaticOptions(root: string) {
  return {
    root,
    wildcard: false,
    index: false as const,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', webCacheControl(filePath));
      reply.header('vary', 'accept-encoding');
    },
  };
}
