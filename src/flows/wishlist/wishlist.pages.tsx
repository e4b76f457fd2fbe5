import type { FastifyInstance } from 'fastify';
import type { WishlistService } from './wishlist.service.js';

export function registerWishlistPages(_app: FastifyInstance, _wishlist: WishlistService, _secret: string) {}
