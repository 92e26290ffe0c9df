//! The HTTP/1.1 connection's rules: the bytes a request is written as, each way an
//! answer's body is framed (read whole as it comes, and a byte at a time), the limits, and
//! what the connection does when the server closes it or answers what was not asked.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::{Bytes, BytesMut};
use hyper::StatusCode;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt, ReadBuf};

use super::answer::{self, Broke, Read, MAX_FRAMING_BYTES, MAX_HEAD_BYTES};
use super::*;
use crate::api::MAX_RESPONSE_BYTES;

/// An answer's bytes, given `step` at a time: every partial state of the parser is met.
struct Trickle {
    bytes: Vec<u8>,
    at: usize,
    step: usize,
}

impl AsyncRead for Trickle {
    fn poll_read(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let end = (self.at + self.step)
            .min(self.bytes.len())
            .min(self.at + buf.remaining());
        buf.put_slice(&self.bytes[self.at..end]);
        self.at = end;
        Poll::Ready(Ok(()))
    }
}

/// `bytes` read as one answer, whole and a byte at a time (a kilobyte at a time when
/// they are many: the head is parsed again after each read, as hyper does); the two must
/// agree. With what was left unread after it.
async fn read_answer(bytes: &[u8], to_head: bool) -> (Result<Read, Broke>, Vec<u8>) {
    let mut results = Vec::new();
    let small = if bytes.len() > 4 << 10 { 1 << 10 } else { 1 };
    for step in [bytes.len().max(1), small] {
        let mut io = Trickle {
            bytes: bytes.to_vec(),
            at: 0,
            step,
        };
        let mut read = BytesMut::new();
        let result = answer::read(&mut io, &mut read, to_head).await;
        // What a whole read leaves in the buffer, a byte-at-a-time one leaves unread.
        let mut rest = read.to_vec();
        io.read_to_end(&mut rest).await.unwrap();
        results.push((result, rest));
    }
    let (byte_at_a_time, whole) = (results.pop().unwrap(), results.pop().unwrap());
    assert_eq!(summary(&whole.0), summary(&byte_at_a_time.0));
    // Where a broken answer stops being read depends on how it came.
    if whole.0.is_ok() {
        assert_eq!(whole.1, byte_at_a_time.1);
    }
    whole
}

fn summary(result: &Result<Read, Broke>) -> String {
    match result {
        Ok(Read::Whole {
            head,
            body,
            keep_open,
        }) => format!("{} {body:?} {keep_open}", head.status),
        Ok(Read::TooLarge) => "too large".into(),
        Err(Broke { error, answered }) => format!("broke {answered}: {error}"),
    }
}

/// The body, and whether the connection stays open, of an answer read whole.
async fn whole(bytes: &str) -> (Bytes, bool) {
    match read_answer(bytes.as_bytes(), false).await.0 {
        Ok(Read::Whole {
            body, keep_open, ..
        }) => (body, keep_open),
        other => panic!("not read whole: {}", summary(&other)),
    }
}

async fn broken(bytes: &[u8]) -> (String, bool) {
    match read_answer(bytes, false).await.0 {
        Err(Broke { error, answered }) => (error.to_string(), answered),
        other => panic!("not broken: {}", summary(&other)),
    }
}

/// The head of a chunked answer.
const CHUNKED: &str = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";

#[test]
fn a_request_is_its_line_its_fields_its_length_and_its_body() {
    let request = |method: Method, body: &'static str| {
        let mut request = Request::new(Bytes::from_static(body.as_bytes()));
        *request.method_mut() = method;
        *request.uri_mut() = "/locations?x=1".parse().unwrap();
        request
            .headers_mut()
            .insert("host", HeaderValue::from_static("127.0.0.1:8080"));
        let mut out = Vec::new();
        write_request(&mut out, &request);
        String::from_utf8(out).unwrap()
    };
    use hyper::header::HeaderValue;
    assert_eq!(
        request(Method::POST, r#"{"a":1}"#),
        "POST /locations?x=1 HTTP/1.1\r\nhost: 127.0.0.1:8080\r\ncontent-length: 7\r\n\r\n{\"a\":1}"
    );
    // A method that defines a body says it is empty; one that does not, says nothing.
    assert!(request(Method::PUT, "").ends_with("content-length: 0\r\n\r\n"));
    assert_eq!(
        request(Method::DELETE, ""),
        "DELETE /locations?x=1 HTTP/1.1\r\nhost: 127.0.0.1:8080\r\n\r\n"
    );
}

#[tokio::test]
async fn a_body_is_framed_by_its_length_and_what_follows_is_left() {
    let (result, rest) = read_answer(
        b"HTTP/1.1 201 Created\r\nLocation: /locations/1\r\nContent-Length: 5\r\n\r\nhelloNEXT",
        false,
    )
    .await;
    let Ok(Read::Whole {
        head,
        body,
        keep_open,
    }) = result
    else {
        panic!("{}", summary(&result))
    };
    assert_eq!(head.status, StatusCode::CREATED);
    assert_eq!(head.headers["location"], "/locations/1");
    assert_eq!((&body[..], keep_open), (&b"hello"[..], true));
    assert_eq!(&rest[..], b"NEXT");
}

#[tokio::test]
async fn a_chunked_body_is_joined_past_its_extensions_and_trailers() {
    let answer = "HTTP/1.1 200 OK\r\nTransfer-Encoding: Chunked\r\n\r\n\
        5;name=value\r\nhello\r\n1\r\n \r\n5\r\nworld\r\n0\r\nDigest: x\r\n\r\n";
    assert_eq!(whole(answer).await, (Bytes::from("hello world"), true));
    for (chunks, says) in [
        (
            "5\r\nhello!\r\n0\r\n\r\n",
            "does not end where its size says",
        ),
        // A size line with no digit is no last chunk: this body is not "hello".
        (
            "5\r\nhello\r\n\r\n6\r\n world\r\n0\r\n\r\n",
            "not a hexadecimal number",
        ),
        ("5\r\nhello\r\n;x\r\n\r\n", "not a hexadecimal number"),
        ("0\r\nnot a field\r\n\r\n", "not a field"),
    ] {
        let (error, answered) = broken(format!("{CHUNKED}{chunks}").as_bytes()).await;
        assert!(error.contains(says), "{chunks:?}: {error}");
        assert!(answered);
    }
}

#[tokio::test]
async fn chunked_alone_is_the_transfer_coding_read() {
    for coding in ["gzip, chunked", "chunked, chunked", "gzip"] {
        let answer = format!("HTTP/1.1 200 OK\r\nTransfer-Encoding: {coding}\r\n\r\n0\r\n\r\n");
        let (error, _) = broken(answer.as_bytes()).await;
        assert!(
            error.contains(&format!(
                "Transfer-Encoding `{coding}` is not `chunked` alone"
            )),
            "{error}"
        );
    }
}

#[tokio::test]
async fn interim_answers_are_read_past_and_some_answers_have_no_body() {
    let answer = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n\
        HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
    assert_eq!(whole(answer).await, (Bytes::from("ok"), true));
    // 204 and 304 have none whatever they say; an answer to HEAD has none either.
    for status in ["204 No Content", "304 Not Modified"] {
        for length in ["", "Content-Length: 10\r\n"] {
            let answer = format!("HTTP/1.1 {status}\r\n{length}\r\n");
            assert_eq!(whole(&answer).await, (Bytes::new(), true), "{answer}");
        }
    }
    let (result, rest) = read_answer(b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n", true).await;
    assert_eq!(summary(&result), "200 OK b\"\" true");
    assert!(rest.is_empty());
}

#[tokio::test]
async fn the_connection_stays_open_unless_the_answer_says_or_cannot_tell_otherwise() {
    let closes = [
        "HTTP/1.1 200 OK\r\nConnection: keep-alive, Close\r\nContent-Length: 0\r\n\r\n",
        // HTTP/1.0 closes unless it says keep-alive (and not close beside it).
        "HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n",
        "HTTP/1.0 200 OK\r\nConnection: keep-alive, close\r\nContent-Length: 0\r\n\r\n",
        // HTTP/1.0 has no transfer codings: faulty framing.
        "HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        // A transfer coding beside a length: suspect (RFC 9112 section 6.3).
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n",
        // Neither: the body ends when the server closes.
        "HTTP/1.1 200 OK\r\n\r\nuntil the end",
    ];
    for answer in closes {
        assert!(!whole(answer).await.1, "{answer}");
    }
    assert_eq!(
        whole("HTTP/1.1 200 OK\r\n\r\nuntil the end").await.0,
        "until the end"
    );
    let keeps = "HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n";
    assert!(whole(keeps).await.1);
}

#[tokio::test]
async fn a_length_is_digits_and_one_value() {
    assert_eq!(
        whole("HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\nContent-Length: 2\r\n\r\nok").await,
        (Bytes::from("ok"), true)
    );
    for (length, says) in [
        (
            "2\r\nContent-Length: 3",
            "two different Content-Length values",
        ),
        ("+2", "Content-Length `+2` is not a length"),
        ("0x2", "Content-Length `0x2` is not a length"),
    ] {
        let answer = format!("HTTP/1.1 200 OK\r\nContent-Length: {length}\r\n\r\nok");
        let (error, _) = broken(answer.as_bytes()).await;
        assert!(error.contains(says), "{error}");
    }
}

#[tokio::test]
async fn a_server_cannot_make_the_tool_read_without_end() {
    // A head that never ends, or has fields without end, or interim answers without end.
    let long = format!(
        "HTTP/1.1 200 OK\r\nX-Padding: {}",
        "x".repeat(MAX_HEAD_BYTES)
    );
    let (error, _) = broken(long.as_bytes()).await;
    assert!(error.contains("head is longer than 64 KiB"), "{error}");
    let many = format!("HTTP/1.1 200 OK\r\n{}\r\n", "X: 1\r\n".repeat(101));
    let (error, _) = broken(many.as_bytes()).await;
    assert!(error.contains("more than 100 fields"), "{error}");
    let interim = "HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n".repeat(2_000);
    let (error, _) = broken(interim.as_bytes()).await;
    assert!(
        error.contains("interim (1xx) answers are longer than 64 KiB"),
        "{error}"
    );
    // Bodies over the limit, by length and by chunk, are refused before they are read;
    // a size that would overflow a sum is one of them.
    let over = MAX_RESPONSE_BYTES + 1;
    for answer in [
        format!("HTTP/1.1 200 OK\r\nContent-Length: {over}\r\n\r\n"),
        format!("{CHUNKED}{over:x}\r\n"),
        format!("{CHUNKED}1\r\na\r\nffffffffffffffff\r\n"),
    ] {
        let (result, _) = read_answer(answer.as_bytes(), false).await;
        assert_eq!(summary(&result), "too large", "{answer}");
    }
    // Chunk extensions and trailers: within 16 KiB together, and 100 trailer fields.
    let over = "y".repeat(MAX_FRAMING_BYTES);
    for (chunks, says) in [
        (
            format!("1;x={over}\r\na\r\n0\r\n\r\n"),
            "chunk extensions are longer than 16 KiB",
        ),
        (
            format!("0\r\nDigest: {over}\r\n\r\n"),
            "trailer fields are longer than 16 KiB",
        ),
        (
            format!("0\r\n{}\r\n", "D: 1\r\n".repeat(101)),
            "trailer section has more than 100 fields",
        ),
    ] {
        let (error, _) = broken(format!("{CHUNKED}{chunks}").as_bytes()).await;
        assert!(error.contains(says), "{error}");
    }
}

#[tokio::test]
async fn an_answer_cut_short_says_whether_any_of_it_came() {
    let (error, answered) = broken(b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort").await;
    assert!(error.contains("closed the connection before the answer was complete"));
    assert!(answered);
    let (_, answered) = broken(b"").await;
    assert!(!answered, "nothing came");
    let (_, answered) = broken(b"HTTP/1.1 100 Continue\r\n\r\n").await;
    assert!(answered, "an interim answer came");
    let (error, _) = broken(b"SMTP ready\r\n\r\n").await;
    assert!(error.contains("not HTTP/1.1"), "{error}");
}

/// A connection to a server on 127.0.0.1 that reads a request's head and writes the
/// next of `answers` for each, and closes the connection once it has written them all.
async fn connection_to(answers: &'static [&'static str]) -> Http1 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let (mut socket, _) = listener.accept().await.unwrap();
        let mut read = Vec::new();
        for answer in answers {
            while memchr::memmem::find(&read, b"\r\n\r\n").is_none() {
                let mut buf = [0u8; 1024];
                match socket.read(&mut buf).await {
                    Ok(0) | Err(_) => return,
                    Ok(k) => read.extend_from_slice(&buf[..k]),
                }
            }
            read.clear();
            socket.write_all(answer.as_bytes()).await.unwrap();
        }
    });
    let tcp = tokio::net::TcpStream::connect(address).await.unwrap();
    Http1::new(hyper_rustls::MaybeHttpsStream::Http(
        hyper_util::rt::TokioIo::new(tcp),
    ))
}

fn get() -> Request {
    let mut request = Request::new(Bytes::new());
    *request.uri_mut() = "/locations/1".parse().unwrap();
    request
}

const OK: &str = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
const SECOND: Duration = Duration::from_secs(1);

#[tokio::test]
async fn a_request_on_a_connection_the_server_closed_while_idle_is_handed_back() {
    let mut connection = connection_to(&[OK]).await;
    let first = connection.exchange(get(), false, SECOND).await;
    assert!(matches!(first, Ok(Exchanged::Answered(_))));
    assert!(!connection.is_closed());
    // The server closes the connection after its one answer.
    tokio::time::sleep(SECOND / 10).await;
    match connection.exchange(get(), true, SECOND).await {
        Ok(Exchanged::Unsent(request)) => assert_eq!(request.uri(), "/locations/1"),
        _ => panic!("not handed back"),
    }
    assert!(connection.is_closed());
}

#[tokio::test]
async fn a_new_connection_closed_unanswered_is_told_apart() {
    let mut connection = connection_to(&[]).await;
    let outcome = connection.exchange(get(), false, SECOND).await;
    assert!(matches!(outcome, Ok(Exchanged::ClosedUnanswered(_))));
    // Closed after an interim answer, it was answered: a broken exchange.
    let mut connection = connection_to(&["HTTP/1.1 100 Continue\r\n\r\n"]).await;
    match connection.exchange(get(), false, SECOND).await {
        Err(Failure::Transport(e)) => assert_eq!(e.kind, TransportKind::Broken),
        _ => panic!("not a broken exchange"),
    }
}

#[tokio::test]
async fn an_answer_that_closes_or_has_bytes_after_it_ends_the_connection() {
    const CLOSES: &str = "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok";
    const MORE: &str = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 200 OK\r\n";
    for (answers, stays_open) in [
        (&[OK, OK], true),
        (&[CLOSES, OK], false),
        (&[MORE, OK], false),
    ] {
        let mut connection = connection_to(answers).await;
        let outcome = connection.exchange(get(), false, SECOND).await;
        let Ok(Exchanged::Answered(answer)) = outcome else {
            panic!("not answered")
        };
        assert_eq!(answer.body, "ok");
        // The server wrote the answer and what follows it at once: read together.
        assert_eq!(connection.is_closed(), !stays_open, "{}", answers[0]);
        // Bytes after the answer may come in a read of their own: time for them to.
        tokio::time::sleep(SECOND / 20).await;
        let next = connection.exchange(get(), true, SECOND).await;
        assert_eq!(
            matches!(next, Ok(Exchanged::Answered(_))),
            stays_open,
            "{}",
            answers[0]
        );
    }
}

#[tokio::test]
async fn no_whole_answer_in_time_is_a_timeout() {
    // The server writes part of an answer, and waits for another request.
    const PART: &str = "HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nnot all";
    let mut connection = connection_to(&[PART, OK]).await;
    match connection.exchange(get(), false, SECOND / 5).await {
        Err(Failure::Transport(e)) => assert_eq!(e.kind, TransportKind::Timeout),
        _ => panic!("no timeout"),
    }
    // Half an answer is left on it: never used again.
    assert!(connection.is_closed());
}

/// Each exchange ends at its own deadline: not at an earlier exchange's, for which
/// the timer was set and at which it fires first, nor later after it fired.
#[tokio::test(start_paused = true)]
async fn a_deadline_ends_at_its_own_time_not_at_an_earlier_exchanges() {
    let mut deadline = Deadline::new();
    // The first exchange, due in a second, answered in half of one.
    tokio::select! {
        () = deadline.until(Instant::now() + SECOND) => panic!("ended early"),
        () = tokio::time::sleep(SECOND / 2) => {}
    }
    // The next one on the connection is due half a second after the first was.
    for _ in 0..2 {
        let due = Instant::now() + SECOND;
        deadline.until(due).await;
        assert_eq!(Instant::now(), due);
    }
}
