//! Workbooks that cannot be turned against the user (issue 52, item 4): a sheet's one far
//! cell and zip bombs are refused with an error naming the cell or the part, before
//! memory grows. The peak memory of the real binary is measured by a parent of its own
//! (`python3`, whose `RUSAGE_CHILDREN` is that one child's): under 100 MiB each. (Read
//! as before, the far cell took 23 GB and the bombs 2 to 2.7 GB.)

use crate::common;

use common::Env;
use serde_json::Value;

/// Runs `locadm ARGS` under a Python parent that reports its exit code, its stderr and
/// its peak resident memory (KiB).
const MEASURE: &str = r#"
import json, resource, subprocess, sys
done = subprocess.run(sys.argv[1:], capture_output=True)
print(json.dumps({"code": done.returncode, "stderr": done.stderr.decode("utf-8", "replace"),
                  "peak_kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))
"#;

/// Builds the hostile files: an `.xlsx` whose shared strings inflate to 200 MiB (from a
/// workbook rust_xlsxwriter wrote, its other parts kept), an `.ods` whose content does,
/// and an `.ods` with one value at its far corner. zlib's speed, not a debug build's.
const BUILD: &str = r#"
import sys, zipfile
base, out = sys.argv[1], sys.argv[2]
D = zipfile.ZIP_DEFLATED
def bomb(zf, name, head, tail):
    info = zipfile.ZipInfo(name)
    info.compress_type = D
    with zf.open(info, "w", force_zip64=True) as part:
        part.write(head)
        chunk = b"a" * (1 << 20)
        for _ in range(200):
            part.write(chunk)
        part.write(tail)
with zipfile.ZipFile(base) as src, zipfile.ZipFile(out + "/bomb.xlsx", "w", D) as dst:
    for item in src.infolist():
        if item.filename != "xl/sharedStrings.xml":
            dst.writestr(item, src.read(item.filename))
    dst.compression = D
    bomb(dst, "xl/sharedStrings.xml",
         b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>', b"</t></si></sst>")
MIME = b"application/vnd.oasis.opendocument.spreadsheet"
MANIFEST = (b'<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
            b'<manifest:file-entry manifest:full-path="/" manifest:media-type="' + MIME + b'"/>'
            b'<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
            b"</manifest:manifest>")
HEAD = (b'<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        b'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        b'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>'
        b'<table:table table:name="S"><table:table-row><table:table-cell office:value-type="string">'
        b"<text:p>storeId</text:p></table:table-cell></table:table-row>")
TAIL = b"</table:table></office:spreadsheet></office:body></office:document-content>"
def ods(name, content=None):
    with zipfile.ZipFile(out + "/" + name, "w", D) as z:
        z.writestr(zipfile.ZipInfo("mimetype"), MIME)
        z.writestr("META-INF/manifest.xml", MANIFEST)
        if content is None:
            bomb(z, "content.xml", HEAD + b"<table:table-row><table:table-cell><text:p>", b"</text:p></table:table-cell></table:table-row>" + TAIL)
        else:
            z.writestr("content.xml", content)
ods("bomb.ods")
ods("far.ods", HEAD + b'<table:table-row table:number-rows-repeated="1048574"/>'
    b'<table:table-row><table:table-cell table:number-columns-repeated="16383"/>'
    b'<table:table-cell office:value-type="float" office:value="1"/></table:table-row>' + TAIL)
"#;

/// `location validate --file PATH` measured: exit code, stderr, peak KiB.
fn validate(env: &Env, path: &std::path::Path) -> (i64, String, u64) {
    let out = env
        .program("python3")
        .args(["-c", MEASURE, common::BIN, "location", "validate", "--file"])
        .arg(path)
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    (
        report["code"].as_i64().unwrap(),
        report["stderr"].as_str().unwrap().to_owned(),
        report["peak_kib"].as_u64().unwrap(),
    )
}

/// A workbook of the tool's own kind (rust_xlsxwriter), with `far` a value at the sheet's
/// far corner: a header, one store, and that cell.
fn xlsx(env: &Env, name: &str, far: bool) -> std::path::PathBuf {
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sheet = workbook.add_worksheet();
    for (column, (header, value)) in [
        ("storeId", "W-1"),
        ("storeName", "Werk"),
        ("address", "Hauptstr. 1"),
        ("city", "Berlin"),
        ("postCode", "10115"),
        ("countryCode", "DE"),
    ]
    .into_iter()
    .enumerate()
    {
        sheet.write_string(0, column as u16, header).unwrap();
        sheet.write_string(1, column as u16, value).unwrap();
    }
    if far {
        sheet.write_string(1_048_575, 16_383, "far").unwrap();
    }
    let path = env.path(name);
    workbook.save(&path).unwrap();
    path
}

const MOST_KIB: u64 = 100 * 1024;

#[test]
fn a_far_cell_and_zip_bombs_are_refused_before_memory_grows() {
    let env = Env::offline();
    let base = xlsx(&env, "base.xlsx", false);
    let built = env
        .program("python3")
        .args(["-c", BUILD])
        .arg(&base)
        .arg(env.dir.path())
        .output()
        .expect("python3 runs");
    assert!(built.status.success(), "{}", common::text(&built.stderr));

    // The workbook as written reads (the header row is read from column A).
    let (code, stderr, _) = validate(&env, &base);
    assert!(code == 0 || code == 2, "{stderr}");
    assert!(!stderr.contains("workbook"), "{stderr}");

    let far = xlsx(&env, "far.xlsx", true);
    let cases = [
        (
            far,
            "cell XFD1048576 holds a value outside the header row's columns",
        ),
        (
            env.path("bomb.xlsx"),
            "part `xl/sharedStrings.xml` is larger than 128 MiB once inflated",
        ),
        (
            env.path("bomb.ods"),
            "part `content.xml` is larger than 128 MiB once inflated",
        ),
        (env.path("far.ods"), "spans 1048576 rows by 16384 columns"),
    ];
    for (path, said) in cases {
        let (code, stderr, peak) = validate(&env, &path);
        assert_eq!(code, 2, "{path:?}: {stderr}");
        assert!(stderr.contains(said), "{path:?}: {stderr}");
        assert!(
            peak < MOST_KIB,
            "{path:?}: peak {peak} KiB, over {MOST_KIB} KiB"
        );
    }
}

/// Issue 53, item 5: a formula cell without a saved value (openpyxl and pandas write
/// formulas so) is refused with its cell named, instead of reading as empty and its edit
/// vanishing.
#[test]
fn a_formula_without_a_value_is_refused_by_its_cell() {
    let env = Env::offline();
    let base = xlsx(&env, "base.xlsx", false);
    let rewrite = r#"
import re, sys, zipfile
src, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(src) as a, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as b:
    for item in a.infolist():
        data = a.read(item.filename)
        if item.filename == "xl/worksheets/sheet1.xml":
            data, n = re.subn(rb'<c r="B2"[^>]*>.*?</c>', b'<c r="B2"><f>UPPER(A2)</f></c>', data)
            assert n == 1, data[:400]
        b.writestr(item, data)
"#;
    let formula = env.path("formula.xlsx");
    let done = env
        .program("python3")
        .args(["-c", rewrite])
        .arg(&base)
        .arg(&formula)
        .output()
        .expect("python3 runs");
    assert!(done.status.success(), "{}", common::text(&done.stderr));
    let (code, stderr, _) = validate(&env, &formula);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("cell B2 holds a formula without a saved value"),
        "{stderr}"
    );
}
