import { blogInfo, blogList } from '@sentiero/contract/blog';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { listBlogPosts, requireBlogPost } from './service.ts';

export function registerBlogRoutes(app: FastifyInstance) {
  registerEndpoint(app, blogList, (ctx, input) => listBlogPosts(ctx, input.page));
  registerEndpoint(app, blogInfo, (ctx, input) => requireBlogPost(ctx, input.sku));
}
