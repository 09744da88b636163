#!/usr/bin/env bash
# The PKI fixtures, generated ONCE with Debian's openssl and libengine-gost-openssl and committed:
# tests and the seed read the files, never this script. Running it again makes new keys (and new
# serials), so every fixture changes: commit all of them together, then run the unit tests.
#
#   scripts/pki-fixtures.sh            # everything below
#   scripts/pki-fixtures.sh --check    # only the check of what OUR code signs (Ca.issue, buildCrl) by openssl
#
# Outputs: server/db/seed/pki/ (the demo CA's key and certificate, the seeded certificates and their
# manifest certificates.json) and tests/fixtures/pki/ (see its README.md).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SEED="$ROOT/server/db/seed/pki"
FIX="$ROOT/tests/fixtures/pki"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# The gost engine for every command (genpkey, req, ca, cms, crl), loaded by configuration.
cat >"$WORK/openssl.cnf" <<'EOF'
openssl_conf = openssl_def
oid_section = new_oids
[new_oids]
INNLE = 1.2.643.100.4
[openssl_def]
engines = engine_section
[engine_section]
gost = gost_section
[gost_section]
default_algorithms = ALL
EOF
export OPENSSL_CONF="$WORK/openssl.cnf"
SITE_URL="http://localhost:3000"

check_ours() {
  # What our code signs, verified by openssl: a certificate issued by Ca.issue from openssl's PKCS#10,
  # and CRLs from Ca.buildCrl with one entry and with none (the omitted revokedCertificates).
  (cd "$ROOT" && npx tsx scripts/pki-fixtures-ours.ts "$WORK/ours")
  openssl x509 -inform DER -in "$SEED/ca.cer" -out "$WORK/ca-check.pem"
  openssl verify -CAfile "$WORK/ca-check.pem" "$WORK/ours/issued.pem"
  for crl in crl-one crl-empty; do
    openssl crl -inform DER -in "$WORK/ours/$crl.crl" -CAfile "$WORK/ca-check.pem" -noout 2>&1 | grep -q "verify OK"
    echo "$crl: verify OK"
  done
  openssl crl -inform DER -in "$WORK/ours/crl-one.crl" -noout -text | grep -E "Serial Number|Key Compromise|CRL Number" -A0
}

if [[ "${1:-}" == "--check" ]]; then
  check_ours
  exit 0
fi

mkdir -p "$SEED/certificates" "$FIX/cms" "$FIX/vectors"
rm -f "$SEED"/certificates/*.cer

rand_serial() { printf '%02x%s' $(( (RANDOM % 112) + 16 )) "$(openssl rand -hex 15)"; }

# ---------------------------------------------------------------------------------------------
# The demo CA: GOST R 34.10-2012 256, paramset CryptoPro-A, Streebog-256, 15 years.
cat >"$WORK/ca-ext.cnf" <<'EOF'
[ca]
basicConstraints = critical, CA:TRUE
keyUsage = critical, digitalSignature, keyCertSign, cRLSign
subjectKeyIdentifier = hash
1.2.643.100.111 = ASN1:UTF8String:СКЗИ "КриптоПро CSP" (версия 5.0)
1.2.643.100.112 = ASN1:SEQUENCE:issuer_tool
certificatePolicies = 1.2.643.100.113.1, 1.2.643.100.113.2
[issuer_tool]
tool = UTF8String:СКЗИ "КриптоПро CSP" (версия 5.0)
ca = UTF8String:ПАК "Удостоверяющий центр КриптоПро УЦ" (версия 2.0)
tool_cert = UTF8String:Сертификат соответствия № СФ/124-0000 от 01.01.2025
ca_cert = UTF8String:Сертификат соответствия № СФ/128-0000 от 01.01.2025
EOF
CA_SUBJ='/CN=Демонстрационный УЦ ООО "УЦ"/O=ООО "УЦ"/C=RU/ST=77 г. Москва/L=г. Москва/street=ул. Примерная, д. 1/INNLE=7701234560/OGRN=1027700000041/emailAddress=ca@demo.local'
openssl genpkey -algorithm gost2012_256 -pkeyopt paramset:A -out "$SEED/ca.key"
cat "$WORK/openssl.cnf" "$WORK/ca-ext.cnf" >"$WORK/ca-req.cnf"
printf '[req]\ndistinguished_name = dn\n[dn]\n' >>"$WORK/ca-req.cnf"
openssl req -new -x509 -utf8 -config "$WORK/ca-req.cnf" -extensions ca -key "$SEED/ca.key" -md_gost12_256 -subj "$CA_SUBJ" \
  -set_serial "0x$(rand_serial)" -days 5479 -out "$WORK/ca.pem"
openssl x509 -in "$WORK/ca.pem" -outform DER -out "$SEED/ca.cer"
CA_SKI="$(openssl x509 -in "$WORK/ca.pem" -noout -ext subjectKeyIdentifier | tail -1 | tr -d ' :\n' | tr 'A-F' 'a-f')"
CDP="$SITE_URL/cdp/$CA_SKI.crl"
echo "demo CA: SKI $CA_SKI"

# A minimal `openssl ca` directory per CA: fixed validity windows (-startdate/-enddate) and an index for the CRL.
make_ca_dir() { # dir cert.pem key.pem
  mkdir -p "$1/new"
  : >"$1/index.txt"
  echo 01 >"$1/crlnumber"
  cp "$WORK/openssl.cnf" "$1/ca.cnf"
  cat >>"$1/ca.cnf" <<EOF
[ca]
default_ca = this
[this]
dir = $1
database = \$dir/index.txt
new_certs_dir = \$dir/new
certificate = $2
private_key = $3
serial = \$dir/serial
crlnumber = \$dir/crlnumber
default_md = md_gost12_256
policy = anything
unique_subject = no
copy_extensions = none
preserve = yes
default_crl_days = 30
[anything]
commonName = optional
surname = optional
givenName = optional
title = optional
organizationName = optional
organizationalUnitName = optional
streetAddress = optional
localityName = optional
stateOrProvinceName = optional
countryName = optional
emailAddress = optional
INN = optional
INNLE = optional
OGRN = optional
OGRNIP = optional
SNILS = optional
EOF
}
make_ca_dir "$WORK/demo" "$WORK/ca.pem" "$SEED/ca.key"

cat >"$WORK/leaf-ext.cnf" <<EOF
[leaf]
basicConstraints = CA:FALSE
keyUsage = critical, digitalSignature, nonRepudiation, keyEncipherment
extendedKeyUsage = clientAuth, emailProtection
certificatePolicies = 1.2.643.100.113.1, 1.2.643.100.113.2
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
crlDistributionPoints = URI:$CDP
1.2.643.100.111 = ASN1:UTF8String:СКЗИ "КриптоПро CSP" (версия 5.0)
1.2.643.100.112 = ASN1:SEQUENCE:issuer_tool
[issuer_tool]
tool = UTF8String:СКЗИ "КриптоПро CSP" (версия 5.0)
ca = UTF8String:ПАК "Удостоверяющий центр КриптоПро УЦ" (версия 2.0)
tool_cert = UTF8String:Сертификат соответствия № СФ/124-0000 от 01.01.2025
ca_cert = UTF8String:Сертификат соответствия № СФ/128-0000 от 01.01.2025
EOF

# issue_demo <key-out> <cert-der-out> <subject> <start YYMMDDHHMMSSZ> <end> <algorithm> <paramset>
issue_demo() {
  local key="$1" out="$2" subj="$3" start="$4" end="$5" alg="$6" set="$7" md="md_gost12_256"
  openssl genpkey -algorithm "$alg" -pkeyopt "paramset:$set" -out "$key"
  [[ "$alg" == gost2012_512 ]] && md="md_gost12_512"
  openssl req -new -utf8 -key "$key" -"$md" -subj "$subj" -out "$WORK/req.pem"
  rand_serial >"$WORK/demo/serial"
  openssl ca -batch -config "$WORK/demo/ca.cnf" -utf8 -notext -md md_gost12_256 -in "$WORK/req.pem" \
    -startdate "$start" -enddate "$end" -extfile "$WORK/leaf-ext.cnf" -extensions leaf -out "$WORK/leaf.pem"
  openssl x509 -in "$WORK/leaf.pem" -outform DER -out "$out"
}

# ---------------------------------------------------------------------------------------------
# Seeded certificates: the subjects, with valid INN/OGRN/OGRNIP/SNILS control digits, made by a
# deterministic generator; the two demo users' certificates first (their keys are kept in the fixtures).
node --input-type=module >"$WORK/subjects.txt" <<'EOF'
let state = 20261123
const next = (n) => { state = (state * 1103515245 + 12345) % 2147483648; return state % n }
const digits = (n) => Array.from({ length: n }, () => next(10)).join("")
const weigh = (s, w) => w.reduce((sum, k, i) => sum + k * Number(s[i]), 0)
const inn10 = () => { const s = "77" + digits(7); return s + ((weigh(s, [2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10) }
const inn12 = () => { let s = "50" + digits(8); s += (weigh(s, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10; return s + ((weigh(s, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10) }
const ogrn = () => { const s = "10277" + digits(7); return s + (Number(BigInt(s) % 11n) % 10) }
const ogrnip = () => { const s = "3045001" + digits(7); return s + (Number(BigInt(s) % 13n) % 10) }
const snils = () => { const s = String(100 + next(899)) + digits(6); let c = weigh(s, [9, 8, 7, 6, 5, 4, 3, 2, 1]); if (c > 101) c %= 101; if (c === 100 || c === 101) c = 0; return s + String(c).padStart(2, "0") }
const people = [["Сидоров", "Алексей Викторович"], ["Кузьмина", "Ольга Павловна"], ["Новиков", "Дмитрий Сергеевич"], ["Морозова", "Елена Игоревна"], ["Волков", "Андрей Николаевич"], ["Соколова", "Мария Александровна"], ["Лебедев", "Сергей Юрьевич"], ["Козлова", "Татьяна Васильевна"], ["Егоров", "Михаил Олегович"], ["Павлова", "Наталья Петровна"], ["Степанов", "Игорь Анатольевич"], ["Николаева", "Ирина Владимировна"]]
const companies = ["ООО «Вектор»", "ООО «Альфа-Строй»", "АО «Северный ветер»", "ООО «Гранит»", "ООО «Лотос»", "ООО «Техноком»", "АО «Прогресс»", "ООО «Меридиан»", "ООО «Орион»", "ООО «Бирюза»", "ООО «Восход»", "ООО «Кедр»"]
const cities = [["77 г. Москва", "г. Москва"], ["78 г. Санкт-Петербург", "г. Санкт-Петербург"], ["50 Московская область", "г. Химки"], ["66 Свердловская область", "г. Екатеринбург"]]
const rows = []
const windows = ["260301000000Z 270601000000Z", "260415000000Z 270715000000Z", "260601000000Z 270901000000Z", "260801000000Z 271101000000Z", "261001000000Z 280101000000Z"]
const expired = ["240201000000Z 250501000000Z", "240901000000Z 251201000000Z"]
// [file, owner e-mail or "", key storage, subject, start, end]
const dn = (o) => Object.entries(o).filter(([, v]) => v).map(([k, v]) => `/${k}=${v}`).join("")
rows.push(["director-romashka", "director@demo.local", "token", dn({ CN: "ООО «Ромашка»", SN: "Петров", GN: "Пётр Петрович", title: "Генеральный директор", O: "ООО «Ромашка»", street: "ул. Ленина, д. 1", L: "г. Москва", ST: "77 г. Москва", C: "RU", emailAddress: "director@demo.local", INN: "772345678901", INNLE: "7707083893", OGRN: "1027700132195", SNILS: "11223344595" }), "260301000000Z", "270601000000Z"])
rows.push(["director-romashka-dss", "director@demo.local", "dss", dn({ CN: "ООО «Ромашка»", SN: "Петров", GN: "Пётр Петрович", title: "Генеральный директор", O: "ООО «Ромашка»", L: "г. Москва", ST: "77 г. Москва", C: "RU", INNLE: "7707083893", OGRN: "1027700132195", SNILS: "11223344595" }), "260601000000Z", "270901000000Z"])
rows.push(["user-ivanov", "user@demo.local", "token", dn({ CN: "Иванов Иван Иванович", SN: "Иванов", GN: "Иван Иванович", L: "г. Москва", ST: "77 г. Москва", C: "RU", emailAddress: "user@demo.local", INN: "500100732259", SNILS: "12345678964" }), "260415000000Z", "270715000000Z"])
rows.push(["user-ivanov-dss", "user@demo.local", "dss", dn({ CN: "Иванов Иван Иванович", SN: "Иванов", GN: "Иван Иванович", C: "RU", INN: "500100732259", SNILS: "12345678964" }), "260801000000Z", "271101000000Z"])
rows.push(["user-ivanov-expired", "user@demo.local", "token", dn({ CN: "Иванов Иван Иванович", SN: "Иванов", GN: "Иван Иванович", C: "RU", INN: "500100732259", SNILS: "12345678964" }), "240901000000Z", "251201000000Z"])
for (let i = 0; i < 31; i++) {
  const [sn, gn] = people[i % people.length]
  const [region, city] = cities[i % cities.length]
  const [start, end] = (i % 10 === 9 ? expired[i % 2] : windows[i % windows.length]).split(" ")
  const kind = i % 3
  const org = companies[i % companies.length]
  const common = { SN: sn, GN: gn, L: city, ST: region, C: "RU" }
  const subj = kind === 0
    ? dn({ CN: org, ...common, title: "Директор", O: org, INNLE: inn10(), OGRN: ogrn(), INN: inn12(), SNILS: snils() })
    : kind === 1
      ? dn({ CN: `${sn} ${gn}`, ...common, INN: inn12(), OGRNIP: ogrnip(), SNILS: snils() })
      : dn({ CN: `${sn} ${gn}`, ...common, INN: inn12(), SNILS: snils() })
  rows.push([`${["legal", "entrepreneur", "person"][kind]}-${String(i + 1).padStart(2, "0")}`, "", i % 4 === 3 ? "dss" : "token", subj, start, end])
}
for (const row of rows) console.log(row.join("|"))
EOF

echo "[" >"$SEED/certificates.json"
first=1
while IFS="|" read -r name owner storage subj start end; do
  key="$WORK/$name.key"
  issue_demo "$key" "$SEED/certificates/$name.cer" "$subj" "$start" "$end" gost2012_256 A
  if [[ -n "$owner" ]]; then cp "$key" "$FIX/$name.key"; cp "$SEED/certificates/$name.cer" "$FIX/$name.cer"; fi
  [[ $first == 1 ]] || echo "," >>"$SEED/certificates.json"
  first=0
  owner_json="null"; [[ -n "$owner" ]] && owner_json="\"$owner\""
  printf '  { "file": "certificates/%s.cer", "owner": %s, "key_storage": "%s" }' "$name" "$owner_json" "$storage" >>"$SEED/certificates.json"
done <"$WORK/subjects.txt"
printf '\n]\n' >>"$SEED/certificates.json"
echo "seeded: $(ls "$SEED/certificates" | wc -l) certificates"

# ---------------------------------------------------------------------------------------------
# Test material: a customer key + certificate per GOST parameter set, issued by the demo CA.
TEST_SUBJ='/CN=Тестов Тест Тестович/SN=Тестов/GN=Тест Тестович/C=RU/INN=500100732259/SNILS=12345678964'
issue_demo "$FIX/gost256-tc26a.key" "$FIX/gost256-tc26a.cer" "$TEST_SUBJ" 260101000000Z 280101000000Z gost2012_256 TCA
issue_demo "$FIX/gost512-tc26a.key" "$FIX/gost512-tc26a.cer" "$TEST_SUBJ" 260101000000Z 280101000000Z gost2012_512 A
issue_demo "$FIX/gost512-tc26c.key" "$FIX/gost512-tc26c.cer" "$TEST_SUBJ" 260101000000Z 280101000000Z gost2012_512 C
# A certificate revoked later: the CRL of the demo CA made by openssl with it (keyCompromise), and one with no entries.
cp "$WORK/demo/index.txt" "$WORK/index.seeded"
: >"$WORK/demo/index.txt"
openssl ca -batch -config "$WORK/demo/ca.cnf" -gencrl -crldays 30 -out "$WORK/empty.pem" 2>/dev/null
openssl crl -in "$WORK/empty.pem" -outform DER -out "$FIX/demo-ca-empty.crl"
issue_demo "$FIX/revoked.key" "$FIX/revoked.cer" "/CN=Отозванный Сертификат/SN=Отозванный/GN=Сертификат/C=RU/INN=500100732259" 260101000000Z 280101000000Z gost2012_256 A
openssl ca -batch -config "$WORK/demo/ca.cnf" -revoke "$WORK/leaf.pem" -crl_reason keyCompromise 2>/dev/null
openssl ca -batch -config "$WORK/demo/ca.cnf" -gencrl -crldays 30 -out "$WORK/one.pem" 2>/dev/null
openssl crl -in "$WORK/one.pem" -outform DER -out "$FIX/demo-ca-revoked.crl"
openssl crl -inform DER -in "$FIX/demo-ca-revoked.crl" -CAfile "$WORK/ca.pem" -noout
rm -f "$FIX/revoked.key"

# A PKCS#10 request made by openssl (GOST 256, CryptoPro-A) for Ca.issue, its key kept; RSA and ECDSA ones too.
openssl genpkey -algorithm gost2012_256 -pkeyopt paramset:A -out "$FIX/csr-gost256.key"
openssl req -new -utf8 -key "$FIX/csr-gost256.key" -md_gost12_256 -subj "/CN=Заявитель/C=RU" -out "$FIX/csr-gost256.pem"
openssl genpkey -algorithm gost2012_512 -pkeyopt paramset:A -out "$WORK/csr512.key"
openssl req -new -utf8 -key "$WORK/csr512.key" -md_gost12_512 -subj "/CN=Заявитель 512/C=RU" -outform DER -out "$FIX/csr-gost512.der"
openssl req -new -newkey rsa:2048 -nodes -keyout /dev/null -subj "/CN=RSA request" -out "$FIX/csr-rsa.pem" 2>/dev/null
openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout /dev/null -subj "/CN=ECDSA request" -out "$FIX/csr-ecdsa.pem" 2>/dev/null

# RSA-2048 and ECDSA P-256 self-signed CAs, each with a leaf (and an RSA-PSS leaf).
for kind in rsa ecdsa; do
  if [[ $kind == rsa ]]; then newkey=(-newkey rsa:2048); else newkey=(-newkey ec -pkeyopt ec_paramgen_curve:P-256); fi
  openssl req -x509 "${newkey[@]}" -nodes -keyout "$FIX/$kind-ca.key" -sha256 -days 5479 -subj "/CN=Test $kind CA/O=Test/C=RU" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" -outform DER -out "$FIX/$kind-ca.cer" 2>/dev/null
  openssl req -new "${newkey[@]}" -nodes -keyout "$FIX/$kind-leaf.key" -subj "/CN=Test $kind leaf/O=Test/C=RU" -out "$WORK/$kind-leaf.csr" 2>/dev/null
  openssl x509 -req -in "$WORK/$kind-leaf.csr" -CA "$FIX/$kind-ca.cer" -CAform DER -CAkey "$FIX/$kind-ca.key" -set_serial "0x$(rand_serial)" \
    -days 3650 -sha256 -outform DER -out "$FIX/$kind-leaf.cer" 2>/dev/null
done
openssl x509 -req -in "$WORK/rsa-leaf.csr" -CA "$FIX/rsa-ca.cer" -CAform DER -CAkey "$FIX/rsa-ca.key" -set_serial "0x$(rand_serial)" \
  -days 3650 -sha256 -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:32 -outform DER -out "$FIX/rsa-pss-leaf.cer" 2>/dev/null

# Their CRLs (by `openssl ca -gencrl`), each revoking its leaf (reason superseded).
crl_of() { # kind
  openssl x509 -inform DER -in "$FIX/$1-ca.cer" -out "$WORK/$1-ca.pem"
  openssl x509 -inform DER -in "$FIX/$1-leaf.cer" -out "$WORK/$1-leaf.pem"
  make_ca_dir "$WORK/$1" "$WORK/$1-ca.pem" "$FIX/$1-ca.key"
  openssl ca -batch -config "$WORK/$1/ca.cnf" -md sha256 -revoke "$WORK/$1-leaf.pem" -crl_reason superseded 2>/dev/null
  openssl ca -batch -config "$WORK/$1/ca.cnf" -md sha256 -gencrl -crldays 3650 -out "$WORK/$1.crl.pem" 2>/dev/null
  openssl crl -in "$WORK/$1.crl.pem" -outform DER -out "$FIX/$1-ca.crl"
}
crl_of rsa
crl_of ecdsa

# A GOST CA nobody trusts, and its leaf.
openssl genpkey -algorithm gost2012_256 -pkeyopt paramset:A -out "$WORK/untrusted-ca.key"
openssl req -new -x509 -utf8 -key "$WORK/untrusted-ca.key" -md_gost12_256 -subj "/CN=Посторонний УЦ/O=Посторонний/C=RU" -days 5479 \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" -outform DER -out "$FIX/untrusted-ca.cer"
openssl genpkey -algorithm gost2012_256 -pkeyopt paramset:A -out "$FIX/untrusted-leaf.key"
openssl req -new -utf8 -key "$FIX/untrusted-leaf.key" -md_gost12_256 -subj "/CN=Клиент постороннего УЦ/C=RU/INN=500100732259" -out "$WORK/u.csr"
openssl x509 -req -in "$WORK/u.csr" -CA "$FIX/untrusted-ca.cer" -CAform DER -CAkey "$WORK/untrusted-ca.key" -md_gost12_256 \
  -set_serial "0x$(rand_serial)" -days 3650 -outform DER -out "$FIX/untrusted-leaf.cer"

# ---------------------------------------------------------------------------------------------
# CMS signatures by `openssl cms -sign -binary -cades` (signing time included by default).
printf 'Договор № 42 от 01.06.2026.\nСтороны согласовали условия.\n' >"$FIX/cms/document.txt"
# 1 MB deterministic: AES-128-CTR keystream of zeros with a zero key and IV.
head -c 1048576 /dev/zero | openssl enc -aes-128-ctr -K 00000000000000000000000000000000 -iv 00000000000000000000000000000000 -out "$FIX/cms/document-1mb.bin"
sign() { # name signer.cer(DER) signer.key md detach(yes|no) document
  openssl x509 -inform DER -in "$2" -out "$WORK/signer.pem"
  local extra=()
  [[ "$5" == no ]] && extra=(-nodetach)
  openssl cms -sign -binary -cades "${extra[@]}" -md "$4" -in "$6" -signer "$WORK/signer.pem" -inkey "$3" -outform DER -out "$FIX/cms/$1.p7s"
}
sign gost256-detached "$FIX/director-romashka.cer" "$FIX/director-romashka.key" md_gost12_256 yes "$FIX/cms/document.txt"
sign gost256-attached "$FIX/director-romashka.cer" "$FIX/director-romashka.key" md_gost12_256 no "$FIX/cms/document.txt"
sign gost256-1mb-detached "$FIX/director-romashka.cer" "$FIX/director-romashka.key" md_gost12_256 yes "$FIX/cms/document-1mb.bin"
sign gost256-tc26a-detached "$FIX/gost256-tc26a.cer" "$FIX/gost256-tc26a.key" md_gost12_256 yes "$FIX/cms/document.txt"
sign gost512-detached "$FIX/gost512-tc26a.cer" "$FIX/gost512-tc26a.key" md_gost12_512 yes "$FIX/cms/document.txt"
sign gost512-attached "$FIX/gost512-tc26a.cer" "$FIX/gost512-tc26a.key" md_gost12_512 no "$FIX/cms/document.txt"
sign gost512-1mb-detached "$FIX/gost512-tc26a.cer" "$FIX/gost512-tc26a.key" md_gost12_512 yes "$FIX/cms/document-1mb.bin"
sign rsa-detached "$FIX/rsa-leaf.cer" "$FIX/rsa-leaf.key" sha256 yes "$FIX/cms/document.txt"
sign rsa-attached "$FIX/rsa-leaf.cer" "$FIX/rsa-leaf.key" sha256 no "$FIX/cms/document.txt"
sign ecdsa-detached "$FIX/ecdsa-leaf.cer" "$FIX/ecdsa-leaf.key" sha256 yes "$FIX/cms/document.txt"
sign untrusted-detached "$FIX/untrusted-leaf.cer" "$FIX/untrusted-leaf.key" md_gost12_256 yes "$FIX/cms/document.txt"
# openssl checks its own signatures (chain to the demo CA, digest, signature).
openssl x509 -inform DER -in "$SEED/ca.cer" -out "$WORK/ca-trust.pem"
for f in gost256-detached gost256-1mb-detached gost256-tc26a-detached gost512-detached; do
  doc="$FIX/cms/document.txt"; [[ $f == *1mb* ]] && doc="$FIX/cms/document-1mb.bin"
  openssl cms -verify -binary -inform DER -in "$FIX/cms/$f.p7s" -content "$doc" -CAfile "$WORK/ca-trust.pem" -purpose any -out /dev/null
done

# Raw GOST signatures by `openssl dgst -sign` over document.txt, one per parameter set (gost.ts's tests).
mkdir -p "$FIX/raw"
raw_sign() { openssl dgst -"$2" -sign "$FIX/$1.key" -out "$FIX/raw/$1.sig" "$FIX/cms/document.txt"; }
raw_sign director-romashka md_gost12_256
raw_sign gost256-tc26a md_gost12_256
raw_sign gost512-tc26a md_gost12_512
raw_sign gost512-tc26c md_gost12_512

# Garbage: random bytes, text, a truncated certificate.
openssl rand -out "$FIX/garbage.bin" 4096
printf 'Это не сертификат, а просто текст.\n' >"$FIX/garbage.txt"
head -c 300 "$FIX/director-romashka.cer" >"$FIX/truncated.cer"

# The CA key is PKCS#8 PEM; the customers' test keys likewise (PEM "PRIVATE KEY", the gost engine's PKCS#8).
openssl x509 -in "$SEED/ca.cer" -inform DER -noout -subject -dates -nameopt utf8,sep_comma_plus
[[ -f "$ROOT/scripts/pki-fixtures-ours.ts" ]] && check_ours
