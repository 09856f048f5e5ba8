import argos from '../../assets/brands/uk-argos.svg?url';
import asos from '../../assets/brands/uk-asos.svg?url';
import boots from '../../assets/brands/uk-boots.svg?url';
import currys from '../../assets/brands/uk-currys.svg?url';
import halfords from '../../assets/brands/uk-halfords.svg?url';
import jdSports from '../../assets/brands/uk-jd-sports.svg?url';
import johnLewis from '../../assets/brands/uk-john-lewis.svg?url';
import marksAndSpencer from '../../assets/brands/uk-marks-and-spencer.svg?url';
import next from '../../assets/brands/uk-next.svg?url';
import superdrug from '../../assets/brands/uk-superdrug.svg?url';

/** URLs of UK_CLIENT's 'Trusted by' logos, by file name; only the VoucherNest build imports them. */
export const UK_BRAND_LOGOS: Readonly<Record<string, string>> = {
  'uk-argos.svg': argos,
  'uk-boots.svg': boots,
  'uk-currys.svg': currys,
  'uk-john-lewis.svg': johnLewis,
  'uk-marks-and-spencer.svg': marksAndSpencer,
  'uk-asos.svg': asos,
  'uk-next.svg': next,
  'uk-jd-sports.svg': jdSports,
  'uk-superdrug.svg': superdrug,
  'uk-halfords.svg': halfords,
};
