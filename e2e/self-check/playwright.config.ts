import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

// Specs that must fail in a given way, run by e2e/tests/own-product.spec.ts in a Playwright run of
// their own (never by the suite directly).
export default defineConfig({ ...base, testDir: '.', reporter: [['line']] });
