import type { z } from 'zod';
import type {
  facebookLogin,
  permission,
  twoFactorDisable,
  twoFactorEnable,
  twoFactorSetup,
  userDelete,
  userEdit,
  userEditData,
  userEmailConfirm,
  userExport,
  userFetch,
  userLogin,
  userLoginTwoFactor,
  userLogout,
  userPasswordRecovery,
  userPasswordReset,
  userPasswordUpdate,
  userRegister,
  userSecure,
  userTag,
} from './accounts.ts';
import type { areaActivationRequest, areaInfoV2, areaListV2, cityList, getCity } from './areas.ts';
import type { blogInfo, blogList } from './blog.ts';
import type { categoryList, regionList } from './catalogue.ts';
import type { couponInfo, ticketBuy, ticketBuyCancel, ticketBuyComplete, ticketKeys } from './checkout.ts';
import type { areaListLevel } from './growth.ts';
import type { ticketList, ticketRedeem, ticketShare, ticketShared, ticketShareRevoke } from './my-tickets.ts';
import type { contactUs, newsletterConfirm, newsletterUnsubscribe, userNewsletter } from './newsletter.ts';
import type { RouteName } from './routes.ts';
import type { search, searchAdvanced, searchFilters, searchFiltersAdvanced } from './search.ts';
import type { health, site } from './system.ts';
import type {
  regionTicket,
  serviceTagList,
  ticketAreaInfo,
  ticketAreaList,
  ticketAreaListV2,
  ticketCalendar,
  ticketCalendarV2,
  ticketInfo,
  ticketListRecommended,
  ticketListRecommendedV2,
  ticketPackageList,
  ticketResidenceList,
} from './tickets.ts';

/** Endpoint types by route name, for clients that must not load the schemas themselves. */
export type Api = {
  health: typeof health;
  site: typeof site;
  categoryList: typeof categoryList;
  regionList: typeof regionList;
  areaListV2: typeof areaListV2;
  areaInfoV2: typeof areaInfoV2;
  areaListLevel: typeof areaListLevel;
  areaActivationRequest: typeof areaActivationRequest;
  cityList: typeof cityList;
  getCity: typeof getCity;
  serviceTagList: typeof serviceTagList;
  ticketInfo: typeof ticketInfo;
  ticketAreaInfo: typeof ticketAreaInfo;
  ticketAreaList: typeof ticketAreaList;
  ticketAreaListV2: typeof ticketAreaListV2;
  regionTicket: typeof regionTicket;
  ticketListRecommended: typeof ticketListRecommended;
  ticketListRecommendedV2: typeof ticketListRecommendedV2;
  ticketCalendar: typeof ticketCalendar;
  ticketCalendarV2: typeof ticketCalendarV2;
  ticketResidenceList: typeof ticketResidenceList;
  ticketPackageList: typeof ticketPackageList;
  search: typeof search;
  searchAdvanced: typeof searchAdvanced;
  searchFilters: typeof searchFilters;
  searchFiltersAdvanced: typeof searchFiltersAdvanced;
  blogList: typeof blogList;
  blogInfo: typeof blogInfo;
  userRegister: typeof userRegister;
  userLogin: typeof userLogin;
  userLoginTwoFactor: typeof userLoginTwoFactor;
  userLogout: typeof userLogout;
  userFetch: typeof userFetch;
  userEdit: typeof userEdit;
  userEditData: typeof userEditData;
  userPasswordUpdate: typeof userPasswordUpdate;
  userPasswordRecovery: typeof userPasswordRecovery;
  userPasswordReset: typeof userPasswordReset;
  userDelete: typeof userDelete;
  userTag: typeof userTag;
  userExport: typeof userExport;
  permission: typeof permission;
  facebookLogin: typeof facebookLogin;
  twoFactorSetup: typeof twoFactorSetup;
  twoFactorEnable: typeof twoFactorEnable;
  twoFactorDisable: typeof twoFactorDisable;
  userEmailConfirm: typeof userEmailConfirm;
  userSecure: typeof userSecure;
  userNewsletter: typeof userNewsletter;
  newsletterConfirm: typeof newsletterConfirm;
  newsletterUnsubscribe: typeof newsletterUnsubscribe;
  contactUs: typeof contactUs;
  ticketBuy: typeof ticketBuy;
  ticketKeys: typeof ticketKeys;
  ticketBuyComplete: typeof ticketBuyComplete;
  ticketBuyCancel: typeof ticketBuyCancel;
  couponInfo: typeof couponInfo;
  ticketList: typeof ticketList;
  ticketShare: typeof ticketShare;
  ticketShared: typeof ticketShared;
  ticketShareRevoke: typeof ticketShareRevoke;
  ticketRedeem: typeof ticketRedeem;
};

export type ApiInput<N extends RouteName> = z.input<Api[N]['input']>;
export type ApiOutput<N extends RouteName> = z.output<Api[N]['output']>;
