import { POST as addressCreate } from "@/app/api/address/create/route";
import { DELETE as addressDisable } from "@/app/api/address/disable/route";
import { GET as addressGet } from "@/app/api/address/get/route";
import { PUT as addressUpdate } from "@/app/api/address/update/route";
import { POST as cartCreate } from "@/app/api/cart/create/route";
import { DELETE as cartDelete } from "@/app/api/cart/delete-cart-item/route";
import { GET as cartGet } from "@/app/api/cart/get/route";
import { PUT as cartUpdate } from "@/app/api/cart/update-qty/route";
import { PUT as cartSubstitution } from "@/app/api/cart/substitution/route";
import { POST as categoryAdd } from "@/app/api/category/add-category/route";
import { DELETE as categoryDelete } from "@/app/api/category/delete/route";
import { GET as categoryGet } from "@/app/api/category/get/route";
import { PUT as categoryUpdate } from "@/app/api/category/update/route";
import { POST as partnerRegister } from "@/app/api/delivery-partner/register/route";
import { GET as partnerList } from "@/app/api/delivery-partner/route";
import { PUT as partnerStatus } from "@/app/api/delivery-partner/status/route";
import { POST as fileUpload } from "@/app/api/file/upload/route";
import { POST as orderCancel } from "@/app/api/order/cancel/route";
import { POST as orderCod } from "@/app/api/order/cash-on-delivery/route";
import { POST as orderCheckout } from "@/app/api/order/checkout/route";
import { GET as orderList } from "@/app/api/order/order-list/route";
import { PUT as orderStatus } from "@/app/api/order/status/route";
import { POST as orderTip } from "@/app/api/order/tip/route";
import { POST as productCreate } from "@/app/api/product/create/route";
import { DELETE as productDelete } from "@/app/api/product/delete-product/route";
import { POST as productBySubAlias } from "@/app/api/product/get-product-by-category-and-subcategory/route";
import { POST as productByCategory } from "@/app/api/product/get-product-by-category/route";
import { POST as productDetails } from "@/app/api/product/get-product-details/route";
import { POST as productBySub } from "@/app/api/product/get-pruduct-by-category-and-subcategory/route";
import { POST as productGet } from "@/app/api/product/get/route";
import { POST as productSearch } from "@/app/api/product/search-product/route";
import { PUT as productUpdate } from "@/app/api/product/update-product-details/route";
import { POST as subCreate } from "@/app/api/subcategory/create/route";
import { DELETE as subDelete } from "@/app/api/subcategory/delete/route";
import { GET as subGetGet, POST as subGet } from "@/app/api/subcategory/get/route";
import { PUT as subUpdate } from "@/app/api/subcategory/update/route";
import { PUT as changePassword } from "@/app/api/user/change-password/route";
import { DELETE as deleteAccount } from "@/app/api/user/delete-account/route";
import { PUT as forgotPassword } from "@/app/api/user/forgot-password/route";
import { POST as login } from "@/app/api/user/login/route";
import { POST as logoutAll } from "@/app/api/user/logout-all/route";
import { GET as logoutGet, POST as logoutPost } from "@/app/api/user/logout/route";
import { POST as refreshToken } from "@/app/api/user/refresh-token/route";
import { POST as register } from "@/app/api/user/register/route";
import { PUT as resetPassword } from "@/app/api/user/reset-password/route";
import { PUT as updateUser } from "@/app/api/user/update-user/route";
import { PUT as uploadAvatar } from "@/app/api/user/upload-avatar/route";
import { GET as userDetails } from "@/app/api/user/user-details/route";
import { GET as undoEmailChange } from "@/app/api/user/undo-email-change/route";
import { GET as verifyEmail, POST as verifyEmailCode } from "@/app/api/user/verify-email/route";
import { POST as sendEmailCode } from "@/app/api/user/verify-email/send-code/route";
import { PUT as verifyOtp } from "@/app/api/user/verify-forgot-password-otp/route";
import { POST as webhook } from "@/app/api/order/webhook/route";
import { POST as storeCreate } from "@/app/api/store/create/route";
import { DELETE as storeDelete } from "@/app/api/store/delete/route";
import { GET as storeDemand } from "@/app/api/store/demand/route";
import { GET as storeList } from "@/app/api/store/list/route";
import { POST as storeNotifyMe } from "@/app/api/store/notify-me/route";
import { PUT as storePause } from "@/app/api/store/pause/route";
import { GET as storeServiceability } from "@/app/api/store/serviceability/route";
import { GET as storeStockList, PUT as storeStockSet } from "@/app/api/store/stock/route";
import { PUT as storeUpdate } from "@/app/api/store/update/route";
import { GET as staffList } from "@/app/api/store/staff/route";
import { POST as staffInvite } from "@/app/api/store/staff/invite/route";
import { PUT as staffDeactivate } from "@/app/api/store/staff/deactivate/route";
import { GET as pickList } from "@/app/api/store/picklist/route";
import { PUT as pickLine } from "@/app/api/store/picklist/line/route";
import { PUT as pickPacked } from "@/app/api/store/picklist/packed/route";
import { POST as stockReceive } from "@/app/api/store/stock/receive/route";
import { POST as couponApply } from "@/app/api/coupon/apply/route";
import { GET as couponAvailable } from "@/app/api/coupon/available/route";
import { POST as couponCreate } from "@/app/api/coupon/create/route";
import { DELETE as couponDelete } from "@/app/api/coupon/delete/route";
import { DELETE as couponRemove } from "@/app/api/coupon/remove/route";
import { PUT as couponUpdate } from "@/app/api/coupon/update/route";

// Every REST call of api-contract.md (and the extra ones under app/api), with a valid body to mutate from, for the
// hostile-input fuzz pass (hostile-input.test.ts).

export type Handler = (request: Request, context: never) => Promise<Response>;

/** What the base bodies need: ids of real records made by the test's fixtures. */
export type Fixtures = {
  categoryId: string;
  subCategoryId: string;
  productId: string;
  deletableProductId: string;
  cartLineId: string;
  addressId: string;
  partnerId: string;
  orderNumber: string;
  shopperEmail: string;
  orderBody: Record<string, unknown>;
  refreshToken: () => Promise<string>;
};

export type Route = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  handler: Handler;
  /** who may call it: the role whose calls reach the body's validation */
  who: "public" | "user" | "admin";
  /** a valid body; JSON cases are mutations of it */
  base?: (f: Fixtures) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** GET: the query parameter to fuzz instead of a body */
  query?: string;
  /** multipart upload: the file field */
  upload?: string;
  /** the call ends the caller's session: use a fresh token for every request */
  endsSession?: boolean;
  /** a refusal that changes rows on purpose: only this status, only these tables */
  refusalMayChange?: { status: number; tables: string[] };
  /** the answer is a redirect, not the JSON envelope */
  redirect?: boolean;
};

const IMG = "/media/catalog/1f95b-pouch-5e35b1-1.webp";
const password = "Hostile pass 1";
// unique names and e-mails, deterministic within a run (each run has a fresh database)
let counter = 0;
const seq = () => ++counter;

export const ROUTES: Route[] = [
  // ---- accounts
  {
    method: "POST",
    path: "/api/user/register",
    handler: register,
    who: "public",
    base: () => ({
      name: "Fuzz User",
      email: `fuzz-${seq()}@example.com`,
      password,
      confirmPassword: password,
    }),
  },
  {
    method: "POST",
    path: "/api/user/login",
    handler: login,
    who: "public",
    base: (f) => ({ email: f.shopperEmail, password: "wrong password here" }),
  },
  // logout always answers 200 (safe to repeat, also without a session), so it counts as public here
  { method: "GET", path: "/api/user/logout", handler: logoutGet, who: "public", endsSession: true },
  {
    method: "POST",
    path: "/api/user/logout",
    handler: logoutPost,
    who: "public",
    endsSession: true,
    base: async (f) => ({ refreshToken: await f.refreshToken() }),
  },
  {
    method: "POST",
    path: "/api/user/logout-all",
    handler: logoutAll,
    who: "user",
    endsSession: true,
    base: () => ({}),
  },
  {
    method: "POST",
    path: "/api/user/refresh-token",
    handler: refreshToken,
    who: "public",
    // the contract's theft defence: a refresh token used twice is refused AND revokes its whole family
    refusalMayChange: { status: 401, tables: ["RefreshToken"] },
    base: async (f) => ({ refreshToken: await f.refreshToken() }),
  },
  { method: "GET", path: "/api/user/user-details", handler: userDetails, who: "user" },
  { method: "PUT", path: "/api/user/upload-avatar", handler: uploadAvatar, who: "user", upload: "avatar" },
  {
    method: "PUT",
    path: "/api/user/update-user",
    handler: updateUser,
    who: "user",
    endsSession: true,
    // a new e-mail needs the current password (issue 20 #4); the throwaway shoppers have none, so this one is wrong
    // and the fuzzed bodies meet the 403 as well as the validation
    base: () => ({
      name: "Fuzz Shopper",
      email: `fuzz-${seq()}@example.com`,
      mobile: "9876543210",
      currentPassword: password,
    }),
  },
  {
    method: "PUT",
    path: "/api/user/change-password",
    handler: changePassword,
    who: "user",
    endsSession: true,
    base: () => ({
      currentPassword: "not the password",
      newPassword: "Another pass 2",
      confirmPassword: "Another pass 2",
    }),
  },
  {
    method: "DELETE",
    path: "/api/user/delete-account",
    handler: deleteAccount,
    who: "user",
    endsSession: true,
    base: () => ({ password: "not the password" }),
  },
  {
    method: "PUT",
    path: "/api/user/forgot-password",
    handler: forgotPassword,
    who: "public",
    base: () => ({ email: "nobody-fuzz@example.com" }),
  },
  {
    method: "PUT",
    path: "/api/user/verify-forgot-password-otp",
    handler: verifyOtp,
    who: "public",
    base: (f) => ({ email: f.shopperEmail, otp: "123456" }),
  },
  {
    method: "PUT",
    path: "/api/user/reset-password",
    handler: resetPassword,
    who: "public",
    base: (f) => ({
      email: f.shopperEmail,
      newPassword: "Reset pass 123",
      confirmPassword: "Reset pass 123",
      resetToken: "abc",
    }),
  },
  {
    method: "GET",
    path: "/api/user/verify-email",
    handler: verifyEmail,
    who: "public",
    query: "token",
    redirect: true,
  },
  // issue 20 #14: the e-mailed code (a wrong code counts a try on the code: EmailVerificationCode.attempts)
  { method: "POST", path: "/api/user/verify-email/send-code", handler: sendEmailCode, who: "user", base: () => ({}) },
  {
    method: "POST",
    path: "/api/user/verify-email",
    handler: verifyEmailCode,
    who: "user",
    base: () => ({ code: "123456" }),
    refusalMayChange: { status: 400, tables: ["EmailVerificationCode"] },
  },
  // issue 20 #4: the undo link of an e-mail change notice
  {
    method: "GET",
    path: "/api/user/undo-email-change",
    handler: undoEmailChange,
    who: "public",
    query: "token",
    redirect: true,
  },

  // ---- catalogue
  {
    method: "POST",
    path: "/api/category/add-category",
    handler: categoryAdd,
    who: "admin",
    base: () => ({ name: `Fuzz Cat ${seq()}`, image: IMG }),
  },
  { method: "GET", path: "/api/category/get", handler: categoryGet, who: "public", query: "x" },
  {
    method: "PUT",
    path: "/api/category/update",
    handler: categoryUpdate,
    who: "admin",
    base: (f) => ({ _id: f.categoryId, name: "Fuzz Category", image: IMG }),
  },
  {
    method: "DELETE",
    path: "/api/category/delete",
    handler: categoryDelete,
    who: "admin",
    base: (f) => ({ _id: f.categoryId }),
  },
  { method: "POST", path: "/api/file/upload", handler: fileUpload, who: "admin", upload: "image" },
  {
    method: "POST",
    path: "/api/subcategory/create",
    handler: subCreate,
    who: "admin",
    base: (f) => ({ name: `Fuzz Sub ${seq()}`, image: IMG, category: [f.categoryId] }),
  },
  {
    method: "POST",
    path: "/api/subcategory/get",
    handler: subGet,
    who: "public",
    base: (f) => ({ categoryId: f.categoryId }),
  },
  { method: "GET", path: "/api/subcategory/get", handler: subGetGet, who: "public", query: "categoryId" },
  {
    method: "PUT",
    path: "/api/subcategory/update",
    handler: subUpdate,
    who: "admin",
    base: (f) => ({ _id: f.subCategoryId, name: "Fuzz Sub", image: IMG, category: [f.categoryId] }),
  },
  {
    method: "DELETE",
    path: "/api/subcategory/delete",
    handler: subDelete,
    who: "admin",
    base: (f) => ({ _id: f.subCategoryId }),
  },
  {
    method: "POST",
    path: "/api/product/create",
    handler: productCreate,
    who: "admin",
    base: (f) => ({
      name: `Fuzz Product ${seq()}`,
      image: [IMG],
      category: [f.categoryId],
      subCategory: [f.subCategoryId],
      unit: "1 kg",
      stock: 5,
      price: 10,
      discount: 0,
      description: "Fuzz",
      more_details: { Brand: "Fuzz" },
    }),
  },
  {
    method: "POST",
    path: "/api/product/get",
    handler: productGet,
    who: "public",
    base: () => ({ page: 1, limit: 12, search: "milk" }),
  },
  {
    method: "POST",
    path: "/api/product/get-product-by-category",
    handler: productByCategory,
    who: "public",
    base: (f) => ({ id: f.categoryId }),
  },
  {
    method: "POST",
    path: "/api/product/get-pruduct-by-category-and-subcategory",
    handler: productBySub,
    who: "public",
    base: (f) => ({ categoryId: f.categoryId, subCategoryId: f.subCategoryId, page: 1, limit: 8 }),
  },
  {
    method: "POST",
    path: "/api/product/get-product-by-category-and-subcategory",
    handler: productBySubAlias,
    who: "public",
    base: (f) => ({
      categoryId: f.categoryId,
      subCategoryId: f.subCategoryId,
      page: 1,
      limit: 8,
      sort: "price_asc",
    }),
  },
  {
    method: "POST",
    path: "/api/product/get-product-details",
    handler: productDetails,
    who: "public",
    base: (f) => ({ productId: f.productId }),
  },
  {
    method: "PUT",
    path: "/api/product/update-product-details",
    handler: productUpdate,
    who: "admin",
    base: (f) => ({ _id: f.productId, price: 12, stock: 40, more_details: { Brand: "Fuzz" } }),
  },
  {
    method: "DELETE",
    path: "/api/product/delete-product",
    handler: productDelete,
    who: "admin",
    base: (f) => ({ _id: f.deletableProductId }),
  },
  {
    method: "POST",
    path: "/api/product/search-product",
    handler: productSearch,
    who: "public",
    base: () => ({ search: "milk", page: 1, limit: 10 }),
  },

  // ---- cart, addresses, orders
  {
    method: "POST",
    path: "/api/cart/create",
    handler: cartCreate,
    who: "user",
    base: (f) => ({ productId: f.productId }),
  },
  { method: "GET", path: "/api/cart/get", handler: cartGet, who: "user" },
  {
    method: "PUT",
    path: "/api/cart/update-qty",
    handler: cartUpdate,
    who: "user",
    base: (f) => ({ _id: f.cartLineId, qty: 2 }),
  },
  {
    method: "DELETE",
    path: "/api/cart/delete-cart-item",
    handler: cartDelete,
    who: "user",
    base: (f) => ({ _id: f.cartLineId }),
  },
  {
    method: "PUT",
    path: "/api/cart/substitution",
    handler: cartSubstitution,
    who: "user",
    base: (f) => ({ _id: f.cartLineId, substitution: "replace" }),
  },
  {
    method: "POST",
    path: "/api/address/create",
    handler: addressCreate,
    who: "user",
    base: () => ({
      address_line: "1 Fuzz Lane",
      city: "Pune",
      state: "MH",
      pincode: "411001",
      country: "India",
      mobile: "9876543210",
    }),
  },
  { method: "GET", path: "/api/address/get", handler: addressGet, who: "user" },
  {
    method: "PUT",
    path: "/api/address/update",
    handler: addressUpdate,
    who: "user",
    base: (f) => ({ _id: f.addressId, city: "Mumbai", pincode: 400001 }),
  },
  {
    method: "DELETE",
    path: "/api/address/disable",
    handler: addressDisable,
    who: "user",
    base: (f) => ({ _id: f.addressId }),
  },
  {
    method: "POST",
    path: "/api/order/cash-on-delivery",
    handler: orderCod,
    who: "user",
    base: (f) => f.orderBody,
  },
  {
    method: "POST",
    path: "/api/order/checkout",
    handler: orderCheckout,
    who: "user",
    base: (f) => f.orderBody,
  },
  { method: "GET", path: "/api/order/order-list", handler: orderList, who: "user" },
  {
    method: "POST",
    path: "/api/order/cancel",
    handler: orderCancel,
    who: "user",
    base: (f) => ({ orderId: f.orderNumber }),
  },
  {
    method: "PUT",
    path: "/api/order/status",
    handler: orderStatus,
    who: "admin",
    base: (f) => ({ orderId: f.orderNumber, status: "PACKED" }),
  },
  { method: "POST", path: "/api/order/webhook", handler: webhook, who: "public" },
  {
    method: "POST",
    path: "/api/order/tip",
    handler: orderTip,
    who: "user",
    base: (f) => ({ orderId: f.orderNumber, tip: 20 }),
  },

  // ---- delivery partners
  {
    method: "POST",
    path: "/api/delivery-partner/register",
    handler: partnerRegister,
    who: "public",
    base: () => ({ name: "Fuzz Rider", phone: `9${String(seq()).padStart(9, "0")}`, vehicle: "Bike" }),
  },
  { method: "GET", path: "/api/delivery-partner", handler: partnerList, who: "admin" },
  {
    method: "PUT",
    path: "/api/delivery-partner/status",
    handler: partnerStatus,
    who: "admin",
    base: (f) => ({ partnerId: f.partnerId, isAvailable: false }),
  },

  // ---- dark stores (issue 16); update, pause and delete name a store that does not exist (404 past validation),
  // so a mutation that happens to be valid changes nothing the later test files rely on
  {
    method: "GET",
    path: "/api/store/serviceability",
    handler: storeServiceability,
    who: "public",
    query: "pincode",
  },
  { method: "GET", path: "/api/store/list", handler: storeList, who: "public" },
  { method: "GET", path: "/api/store/demand", handler: storeDemand, who: "admin" },
  {
    method: "POST",
    path: "/api/store/notify-me",
    handler: storeNotifyMe,
    who: "public",
    base: () => ({ email: `fuzz-${seq()}@example.com`, pincode: "560300" }),
  },
  {
    method: "POST",
    path: "/api/store/create",
    handler: storeCreate,
    who: "admin",
    base: () => ({
      _id: `fuzz-${seq()}`,
      name: "Fuzz Store",
      area: "Fuzz",
      address: "1 Fuzz Road",
      lat: 12.9,
      lng: 77.6,
      radiusKm: 0,
      pincodes: ["560300"],
      opensAt: "07:00",
      closesAt: "23:00",
    }),
  },
  {
    method: "PUT",
    path: "/api/store/update",
    handler: storeUpdate,
    who: "admin",
    base: () => ({ _id: "no-such-store", name: "Fuzz", opensAt: "06:00" }),
  },
  {
    method: "PUT",
    path: "/api/store/pause",
    handler: storePause,
    who: "admin",
    base: () => ({ _id: "no-such-store", paused: true, reason: "Rain" }),
  },
  {
    method: "DELETE",
    path: "/api/store/delete",
    handler: storeDelete,
    who: "admin",
    base: () => ({ _id: "no-such-store" }),
  },
  { method: "GET", path: "/api/store/stock", handler: storeStockList, who: "admin", query: "storeId" },
  {
    method: "PUT",
    path: "/api/store/stock",
    handler: storeStockSet,
    who: "admin",
    base: (f) => ({ storeId: "no-such-store", items: [{ productId: f.productId, stock: 5 }] }),
  },

  // ---- store staff and the pick list (issue 16): each names a store, staff member or order that does not exist
  {
    method: "POST",
    path: "/api/store/staff/invite",
    handler: staffInvite,
    who: "admin",
    base: () => ({ storeId: "no-such-store", email: `fuzz-${seq()}@example.com`, name: "Fuzz Picker" }),
  },
  { method: "GET", path: "/api/store/staff", handler: staffList, who: "admin", query: "storeId" },
  {
    method: "PUT",
    path: "/api/store/staff/deactivate",
    handler: staffDeactivate,
    who: "admin",
    base: () => ({ _id: "no-such-staff" }),
  },
  { method: "GET", path: "/api/store/picklist", handler: pickList, who: "admin", query: "storeId" },
  {
    method: "PUT",
    path: "/api/store/picklist/line",
    handler: pickLine,
    who: "admin",
    base: () => ({ orderId: "KM-0000-NOSUCH", lineId: "no-such-line", picked: true, short: 0 }),
  },
  {
    method: "PUT",
    path: "/api/store/picklist/packed",
    handler: pickPacked,
    who: "admin",
    base: () => ({ orderId: "KM-0000-NOSUCH" }),
  },
  {
    method: "POST",
    path: "/api/store/stock/receive",
    handler: stockReceive,
    who: "admin",
    base: (f) => ({ storeId: "no-such-store", productId: f.productId, quantity: 1 }),
  },

  // ---- coupons (issue 18); apply names no coupon (400 past validation), update and delete no coupon (404)
  { method: "POST", path: "/api/coupon/apply", handler: couponApply, who: "user", base: () => ({ code: "NO-SUCH-CODE" }) },
  { method: "DELETE", path: "/api/coupon/remove", handler: couponRemove, who: "user", base: () => ({}) },
  { method: "GET", path: "/api/coupon/available", handler: couponAvailable, who: "user", query: "storeId" },
  {
    method: "POST",
    path: "/api/coupon/create",
    handler: couponCreate,
    who: "admin",
    base: () => ({ code: `FUZZ${seq()}`, type: "percent", value: 10, maxDiscount: 60, minOrder: 299, totalLimit: 5 }),
  },
  {
    method: "PUT",
    path: "/api/coupon/update",
    handler: couponUpdate,
    who: "admin",
    base: () => ({ _id: "no-such-coupon", active: false }),
  },
  {
    method: "DELETE",
    path: "/api/coupon/delete",
    handler: couponDelete,
    who: "admin",
    base: () => ({ _id: "no-such-coupon" }),
  },
];
