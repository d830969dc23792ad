"""Sends each hostile file to a running Bayline's import preview (and a few to the upload) and
prints, per file, the answer and the server's peak resident memory above its idle RSS.

Peak memory is the kernel's high-water mark (VmHWM), reset before each file by writing 5 to
/proc/PID/clear_refs (root), so each figure is that file's own. Usage: measure.py PORT PID.
"""

import io
import json
import struct
import sys
import time
import urllib.error
import urllib.request
import zipfile
import zlib

PORT, PID = int(sys.argv[1]), int(sys.argv[2])
BASE = f"http://127.0.0.1:{PORT}"
ADVISORS = "store_id_pk=1&file_type=DMS_ADVISORS"
CUSTOMERS = "store_id_pk=1&file_type=DMS_CUSTOMER_VEHICLES"
GOAL_MB = 256


def status_kb(field):
    with open(f"/proc/{PID}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def reset_peak():
    with open(f"/proc/{PID}/clear_refs", "w") as refs:
        refs.write("5")


def call(method, path, token=None, body=None, content_type="application/json"):
    request = urllib.request.Request(BASE + path, data=body, method=method)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    if body is not None:
        request.add_header("Content-Type", content_type)
    try:
        with urllib.request.urlopen(request, timeout=600) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def login(user):
    status, body = call("POST", "/user/v2/login", body=json.dumps(
        {"username": user, "password": "bayline-demo"}).encode())
    assert status == 200, body
    return json.loads(body)["authToken"]


def multipart(name, content):
    boundary = "bayline-hostile-boundary"
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"multipartFile\"; "
            f"filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n").encode()
    return head + content + f"\r\n--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


# ---- the corpus ----

def record(kind, data):
    return struct.pack("<HH", kind, len(data)) + data


def biff8(rows, columns):
    bof = lambda sheet: record(0x0809, struct.pack("<HH", 0x0600, 0x10 if sheet else 0x05) + bytes(12))
    globals_ = bof(False) + record(0x0042, struct.pack("<H", 1200))
    at = len(globals_)
    globals_ += record(0x0085, bytes(6) + bytes([8, 0]) + b"Advisors") + record(0x000A, b"")
    globals_ = bytearray(globals_)
    globals_[at + 4:at + 8] = struct.pack("<I", len(globals_))
    label = lambda r, c, t: record(0x0204, struct.pack("<HHHHB", r, c, 0, len(t), 1) + t.encode("utf-16-le"))
    sheet = bof(True) + record(0x0200, struct.pack("<IIHHH", 0, rows, 0, columns, 0))
    for r, c, t in [(0, 0, "Advisor Number"), (0, 1, "First Name"), (0, 2, "Last Name"),
                    (1, 0, "A-77"), (1, 1, "Rosa"), (1, 2, "Diaz")]:
        sheet += label(r, c, t)
    stream = bytes(globals_) + sheet + record(0x000A, b"")
    return stream.ljust(max(len(stream), 4096), b"\0")


def compound_file(stream):
    end, free = 0xFFFFFFFE, 0xFFFFFFFF
    sectors = -(-len(stream) // 512)
    header = bytes([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) + bytes(16)
    header += struct.pack("<HHHHH", 0x3E, 3, 0xFFFE, 9, 6) + bytes(6)
    header += struct.pack("<IIIIIIIII", 0, 1, 1 + sectors, 0, 4096, end, 0, end, 0)
    header += struct.pack("<I", 0) + struct.pack("<I", free) * 108
    fat = [0xFFFFFFFD] + [s + 1 if s < sectors else end for s in range(1, sectors + 1)] + [end]
    fat += [free] * (128 - len(fat))

    def entry(name, kind, child, start, size):
        utf16 = name.encode("utf-16-le")
        e = bytearray(128)
        e[:len(utf16)] = utf16
        e[64:66] = struct.pack("<H", len(utf16) + 2)
        e[66], e[67] = kind, 1
        e[68:80] = struct.pack("<III", free, free, child)
        e[116:124] = struct.pack("<II", start, size)
        return bytes(e)

    directory = (entry("Root Entry", 5, 1, end, 0) + entry("Workbook", 2, free, 1, len(stream))).ljust(512, b"\0")
    return header + struct.pack("<128I", *fat) + stream.ljust(sectors * 512, b"\0") + directory


def zipped(parts):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, content in parts:
            z.writestr(zipfile.ZipInfo(name), content,
                       compress_type=zipfile.ZIP_STORED if name == "mimetype" else zipfile.ZIP_DEFLATED)
    return out.getvalue()


def ods(rows):
    content = ('<?xml version="1.0" encoding="UTF-8"?><office:document-content '
               'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
               'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
               'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
               f'<office:body><office:spreadsheet><table:table table:name="A">{rows}'
               '</table:table></office:spreadsheet></office:body></office:document-content>')
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>')
    return zipped([("mimetype", b"application/vnd.oasis.opendocument.spreadsheet"),
                   ("content.xml", content.encode()), ("META-INF/manifest.xml", manifest.encode())])


def xlsx(sheet_data, shared_strings=b""):
    ns = "http://schemas.openxmlformats.org"
    parts = [
        ("[Content_Types].xml", f'<Types xmlns="{ns}/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>'.encode()),
        ("_rels/.rels", f'<Relationships xmlns="{ns}/package/2006/relationships"><Relationship Id="rId1" Type="{ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'.encode()),
        ("xl/workbook.xml", f'<workbook xmlns="{ns}/spreadsheetml/2006/main" xmlns:r="{ns}/officeDocument/2006/relationships"><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>'.encode()),
        ("xl/_rels/workbook.xml.rels", f'<Relationships xmlns="{ns}/package/2006/relationships"><Relationship Id="rId1" Type="{ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="{ns}/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>'.encode()),
        ("xl/worksheets/sheet1.xml", f'<worksheet xmlns="{ns}/spreadsheetml/2006/main"><sheetData>'.encode() + sheet_data + b"</sheetData></worksheet>"),
        ("xl/sharedStrings.xml", f'<sst xmlns="{ns}/spreadsheetml/2006/main">'.encode() + shared_strings + b"</sst>"),
    ]
    return zipped(parts)


HEADER_ROW = (b'<row r="1"><c r="A1" t="inlineStr"><is><t>Advisor Number</t></is></c>'
              b'<c r="B1" t="inlineStr"><is><t>First Name</t></is></c></row>')


def corpus():
    row = lambda cells: "<table:table-row>" + "".join(
        f'<table:table-cell office:value-type="string"><text:p>{c}</text:p></table:table-cell>' for c in cells) + "</table:table-row>"
    bomb_row = ('<table:table-row><table:table-cell table:number-columns-repeated="16384" '
                'office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row>')
    yield "honest.xls", ADVISORS, compound_file(biff8(2, 3))
    yield "lying-dimensions.xls", ADVISORS, compound_file(biff8(0xFFFFFFFF, 0xFFFF))
    yield "honest.ods", ADVISORS, ods(row(["Advisor Number", "First Name", "Last Name"]) + row(["A-1", "Al", "Ng"]))
    yield "repeated-columns.ods", ADVISORS, ods(row(["Advisor Number", "First Name", "Last Name"]) + bomb_row * 1000)
    yield "shared-string-1.2GB.xlsx", ADVISORS, xlsx(HEADER_ROW + b'<row r="2"><c r="A2" t="s"><v>0</v></c></row>',
                                                      b"<si><t>" + b"a" * (1200 * 1024 * 1024) + b"</t></si>")
    yield "inline-400MB.xlsx", ADVISORS, xlsx(HEADER_ROW + b'<row r="2"><c r="A2" t="inlineStr"><is><t>'
                                              + b"b" * (400 * 1024 * 1024) + b"</t></is></c></row>")
    yield "many-strings.xlsx", ADVISORS, xlsx(HEADER_ROW, b"<si><t>x</t></si>" * 20_000_000)
    yield "entity-expansion.xlsx", ADVISORS, xlsx(b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
                                                  + HEADER_ROW + b'<row r="2"><c r="A2" t="inlineStr"><is><t>&b;</t></is></c></row>')
    yield "quoted-field-90MB.csv", CUSTOMERS, b'Customer Number,Last Name\n1,"' + b"q" * (90 * 1024 * 1024) + b'"\n'
    yield "million-columns.csv", CUSTOMERS, b",".join(b"c%d" % i for i in range(1_000_000)) + b"\n1\n"
    junk = b"J" * (30 * 1024)
    yield "junk-rows.csv (upload)", CUSTOMERS, (b"Customer Number,Last Name,First Name,Cell Phone,VIN,Make,Model,Year,Junk\n"
                                                  + (b",Bad,Row,not-a-phone,NOTAVIN,Honda,Fit,19999," + junk + b"\n") * 1500)
    yield "nul-bytes.csv", CUSTOMERS, b"Customer Number,Last Name,VIN\n" + b"1,Ng,1HGCM82633A300001\n" * 5000 + b"2,N\0g,1HGCM82633A300002\n"
    yield "invalid-utf8.csv", CUSTOMERS, b"Customer Number,Last Name\n1,\xff\xfe\xfa\n"
    yield "zip-of-garbage.xlsx", ADVISORS, b"PK\x03\x04" + bytes(range(256)) * 100


def main():
    token = login("office-manager")
    time.sleep(1)
    idle_mb = status_kb("VmRSS") / 1024
    print(f"idle RSS: {idle_mb:.0f} MB (goal: each file at most {GOAL_MB} MB above it)\n")
    print(f"| file | size | preview answer | seconds | peak above idle (MB) | within goal |")
    print(f"|---|---|---|---|---|---|")
    worst = 0.0
    for name, query, content in corpus():
        body, content_type = multipart(name.split(" ")[0], content)
        reset_peak()
        started = time.monotonic()
        if name.endswith("(upload)"):
            # Loaded whole by its job, row errors kept, then its error file downloaded.
            status, answer = call("POST", f"/api/data-sync/import?{query}", token, body, content_type)
            report = json.loads(answer)
            while status == 202:
                _, run = call("GET", f"/api/jobs/{report['jobRunId']}", token)
                if json.loads(run)["run"]["status"] in ("succeeded", "failed", "cancelled"):
                    break
                time.sleep(0.5)
            if status == 202:
                call("GET", f"/api/data-sync/file-reports/{report['id']}/error-file", token)
        else:
            status, answer = call("POST", f"/api/data-sync/import/preview?{query}", token, body, content_type)
        seconds = time.monotonic() - started
        above = status_kb("VmHWM") / 1024 - idle_mb
        worst = max(worst, above)
        try:
            message = json.loads(answer).get("message") or "ok"
        except (ValueError, AttributeError):
            message = answer[:80].decode(errors="replace")
        size = f"{len(content) / 1024:.1f} KB" if len(content) < 1024 * 1024 else f"{len(content) / 1024 / 1024:.1f} MB"
        print(f"| {name} | {size} | {status} {message[:90]} | {seconds:.1f} | {above:.0f} | {'yes' if above <= GOAL_MB else 'NO'} |")
        alive, _ = call("GET", "/api/jobs?page=0&size=1", token)
        assert alive == 200, "the server stopped answering"
    print(f"\nworst: {worst:.0f} MB above idle; ratio to the {GOAL_MB} MB goal: {worst / GOAL_MB:.2f}")


main()
