import { z } from 'zod';
import { APP_ROLES } from './constants.ts';
import { userUpdateInput } from './entities.ts';
import { blankAsNull, optText } from './fields.ts';

/** The application role select's 'None': the user has no application role. */
export const NO_APP_ROLE = 'none';

/**
 * Staff editing a user (spec part 1, section 5 'User edit'): the five fields it sends, a blank phone or photo and
 * the role select's 'None' sent as null.
 */
export const userEditForm = userUpdateInput.omit({ role: true }).extend({
  phone: blankAsNull(optText(50)),
  photo_url: blankAsNull(optText(1000)),
  user_role: z.union([z.literal(NO_APP_ROLE).transform(() => null), userUpdateInput.shape.user_role]),
});

/** Add User's invitation: an email address and the application role the invited user gets. */
export const inviteUserForm = z.object({
  user_email: z.string().trim().pipe(z.email('Please enter a valid email address')),
  role: z.enum(APP_ROLES, { error: 'Choose an application role' }),
});
