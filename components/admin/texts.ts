// Words the spec fixes (spec §2, §4, §8): kept in one place so screens and tests agree.
export const NO_PERMISSION_TEXT = "Do not have permission";
export const DELETE_CONFIRM_TEXT = "Are you sure permanent delete ?";
export const PRODUCT_DELETE_TITLE = "Permanent Delete";
export const PRODUCT_DELETE_TEXT = "Are you sure want to delete permanent ?";
export const NO_PARTNERS_TEXT = "No delivery partners found";
export const UPLOAD_FAILED_TEXT = "The image could not be uploaded; please try again";
export const NETWORK_FAILED_TEXT = "Could not reach the shop; check your connection and try again";
