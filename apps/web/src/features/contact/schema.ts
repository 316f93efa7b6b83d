import { z } from 'zod';

/**
 * SPEC section 5: full name, email and message are all mandatory, with its messages, which are
 * also the server's (`errors` namespace): 'Full name is a mandatory field', 'Email is a
 * mandatory field', 'Message is a mandatory field'.
 */
export const ZContactForm = z.object({
  full_name: z.string().trim().min(1, 'errors:field.fullNameRequired').max(120, 'errors:field.invalid'),
  email: z.string().trim().min(1, 'errors:field.emailRequired').pipe(z.email('errors:field.invalidEmail')),
  message: z.string().trim().min(1, 'errors:field.messageRequired').max(5000, 'errors:field.messageTooLong'),
});
export type ContactForm = z.infer<typeof ZContactForm>;
