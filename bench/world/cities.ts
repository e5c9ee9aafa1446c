/**
 * Cloudflare's data-centre cities by IATA code, by region. Data.
 *
 * Source: the list in the public repository pocc/global-healthchecks (https://github.com/pocc/global-healthchecks/blob/main/docs/COLO_CITIES.md, updated 2026-02-07), which
 * maps Cloudflare's own colo codes (those of https://www.cloudflarestatus.com and https://speed.cloudflare.com/locations)
 * to cities. That list has no Oceania section: the Oceania codes below are ours, from the cities Cloudflare's network
 * map (https://www.cloudflare.com/network/) shows there, an estimate of that part of the list. Cities marked re-routed
 * on the status page are kept: they are data centres, and the model routes visitors to the nearest city of a region.
 */

export const REGIONS = ['Africa', 'Asia', 'Europe', 'Latin America', 'Middle East', 'North America', 'Oceania'] as const;
export type Region = (typeof REGIONS)[number];

const CODES: Record<Region, string> = {
  Africa:
    'ACC ALG AAE TNR CPT DKR DAR JIB DUR GBE HRE JNB KGL LOS LAD MPM MBA NBO ORN OUA MRU TUN FIH CAI WDH ASK ABJ EBB RUN LUN ADD LLW CZL',
  Asia: `AMD ALA BLR BKK BWN CEB IXC CGD MAA CGP CMB DAC FUO FUK FOC CAN HAK HAN SJW SGN HKG HYD ISB CGK TNA JHB KNU KHH KHI KTM
    CCU KJA KUL PKX MFM MLE MNL BOM NAG OKA DEL KIX PAT PNH TAO ICN SHA SIN URT TPE NRT ULN VTE KHN EVN JOG CGY COK DPS CNN
    SZX KWE HGH CZX KMG CNX CGO TYN CSX DLC BHY CKG XFN DAD JXG CRK PBH XIY NQZ KCH AKX TEN HYN XNN FRU MLG LHE CTU AGR CJB`,
  Europe: `AMS ATH BCN BEG TXL BOD BTS BRU OTP BUD KIV CPH DUB DUS FRA GVA GOT HAM HEL IST ADB KBP LIS LHR LUX LYS MAD MAN MRS
    MXP MSQ DME MUC LCA OSL PMO CDG PRG KEF RIX FCO LED MLA SKP SOF ARN STR TLL TBS SKG TIA VIE VNO WAW WRO ZAG ZRH`,
  'Latin America': `QWJ ARI ASU BEL CNF BNU BOG BSB EZE CFC VCP COR CWB FLN FOR GEO GYN GUA GYE JOI JDO LIM MAO MDE NQN PTY PBM POA
    UIO REC RAO GIG SJO SCL SDQ SJP SJK GRU SOD TGU NVT UDI VIX CAW XAP BGI GND STI LPB SJU BAQ PMW ARU POS SSA CGB CLO SAP CCP`,
  'Middle East': 'AMM LLK BGW GYD BSR BEY DMM DOH DXB EBL HFA JED KWI BAH MCT NJF XNH ZDM RUH ISU TLV',
  'North America': `ABQ ANC IAD ATL AUS BGR BOS BUF YYC CLT ORD CLE CMH DFW DEN DTW RDU GDL YHZ HNL IAH IND JAX MCI KIN LAS LAX MEM
    MEX MIA MSP YUL BNA EWR ORF OKC OMA YOW PHL PHX PIT PDX QRO RIC SMF SLC SAT SAN SFO SJC YXE SEA FSD STL TLH TPA YYZ YVR YWG`,
  Oceania: 'SYD MEL BNE PER ADL CBR AKL CHC NOU GUM PPT',
};

/** Every city's code with its region, in the order above. */
export const CLOUDFLARE_CITIES: readonly { iata: string; region: Region }[] = REGIONS.flatMap((region) =>
  CODES[region]
    .split(/\s+/)
    .filter(Boolean)
    .map((iata) => ({ iata, region })),
);
