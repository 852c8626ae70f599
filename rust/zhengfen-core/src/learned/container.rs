//! The safetensors container of a model file (AI.md §7.1): its metadata and its tensors read
//! (float32 or float16, widened to float32) and written back (the same model, the same bytes).
//! The safetensors crate reads and writes the file; this module adds the checks of the format
//! that the crate does not make (a header that begins with `{`, no metadata key twice) and
//! writes the metadata in key order. What the metadata and the tensors must say is
//! [`super::model`]'s.

use std::collections::{BTreeMap, HashMap};

use safetensors::{Dtype, SafeTensors, View};

/// A tensor as float32 values, row-major, with its shape.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    /// Its shape.
    pub shape: Vec<usize>,
    /// Its values, row-major.
    pub data: Vec<f32>,
}

/// What a safetensors file holds.
pub(super) struct Contents {
    /// Its `__metadata__`.
    pub metadata: BTreeMap<String, String>,
    /// Its tensors by name, widened to float32.
    pub tensors: BTreeMap<String, Tensor>,
}

/// What the safetensors file `bytes` holds, or why it is no such file.
pub(super) fn read(bytes: &[u8]) -> Result<Contents, String> {
    check_header(bytes)?;
    let file =
        SafeTensors::deserialize(bytes).map_err(|e| format!("not a safetensors file ({e})"))?;
    let (_, header) =
        SafeTensors::read_metadata(bytes).map_err(|e| format!("not a safetensors file ({e})"))?;
    let metadata = header
        .metadata()
        .clone()
        .unwrap_or_default()
        .into_iter()
        .collect();
    let mut tensors = BTreeMap::new();
    for (name, view) in file.iter() {
        tensors.insert(name.to_string(), widen(name, &view)?);
    }
    Ok(Contents { metadata, tensors })
}

/// The safetensors file of `tensors` and `metadata`, its tensors float32, or float16 with
/// `float16` (rounded to nearest), its metadata in key order; or the crate's refusal.
pub(super) fn write(
    tensors: BTreeMap<String, Tensor>,
    metadata: &BTreeMap<String, String>,
    float16: bool,
) -> Result<Vec<u8>, safetensors::SafeTensorError> {
    let tensors: Vec<(String, Raw)> = tensors
        .into_iter()
        .map(|(name, t)| (name, Raw::new(t, float16)))
        .collect();
    let metadata: HashMap<String, String> = metadata.clone().into_iter().collect();
    let bytes = safetensors::serialize(tensors, Some(metadata))?;
    Ok(sorted_metadata(bytes))
}

/// Refuses what the safetensors crate lets through but the format forbids: a header that does
/// not begin with `{`, and a metadata key given twice (JSON would keep the last silently).
fn check_header(bytes: &[u8]) -> Result<(), String> {
    let n = bytes
        .get(..8)
        .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")));
    let header = n
        .and_then(|n| bytes.get(8..8usize.checked_add(usize::try_from(n).ok()?)?))
        .ok_or("not a safetensors file (too short for its header)")?;
    if header.first() != Some(&b'{') {
        return Err("not a safetensors file (its header does not begin with '{')".into());
    }
    // An unreadable header is left to the crate, which says what is wrong.
    let Ok(Header(Some(meta))) = serde_json::from_slice::<Header>(header) else {
        return Ok(());
    };
    for (i, (key, _)) in meta.iter().enumerate() {
        if meta[..i].iter().any(|(k, _)| k == key) {
            return Err(format!("its metadata gives '{key}' twice"));
        }
    }
    Ok(())
}

/// A header's `__metadata__` entries as written, duplicates kept (`None` if it has none).
struct Header(Option<Vec<(String, serde_json::Value)>>);

/// A JSON object's entries in order, duplicates kept.
struct Entries(Vec<(String, serde_json::Value)>);

impl<'de> serde::Deserialize<'de> for Header {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Header, D::Error> {
        d.deserialize_map(HeaderVisitor)
    }
}

impl<'de> serde::Deserialize<'de> for Entries {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Entries, D::Error> {
        d.deserialize_map(EntriesVisitor)
    }
}

struct HeaderVisitor;
struct EntriesVisitor;

impl<'de> serde::de::Visitor<'de> for HeaderVisitor {
    type Value = Header;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON object")
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Header, A::Error> {
        let mut meta = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == "__metadata__" {
                meta = Some(map.next_value::<Entries>()?.0);
            } else {
                map.next_value::<serde::de::IgnoredAny>()?;
            }
        }
        Ok(Header(meta))
    }
}

impl<'de> serde::de::Visitor<'de> for EntriesVisitor {
    type Value = Entries;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON object")
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Entries, A::Error> {
        let mut entries = Vec::new();
        while let Some(entry) = map.next_entry()? {
            entries.push(entry);
        }
        Ok(Entries(entries))
    }
}

/// A stored tensor widened to float32, or why it cannot be.
fn widen(name: &str, view: &safetensors::tensor::TensorView<'_>) -> Result<Tensor, String> {
    let bytes = view.data();
    let data = match view.dtype() {
        Dtype::F32 => bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect(),
        Dtype::F16 => bytes
            .chunks_exact(2)
            .map(|b| half::f16::from_le_bytes([b[0], b[1]]).to_f32())
            .collect(),
        other => return Err(format!("tensor '{name}' is {other}, not F32 or F16")),
    };
    Ok(Tensor {
        shape: view.shape().to_vec(),
        data,
    })
}

/// The safetensors file `bytes` with its `__metadata__` in key order (the crate writes a hash
/// map's order, which changes from run to run); the header stays padded to 8 bytes.
fn sorted_metadata(bytes: Vec<u8>) -> Vec<u8> {
    let n = u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes")) as usize;
    let mut header: serde_json::Map<String, serde_json::Value> =
        serde_json::from_slice(&bytes[8..8 + n]).expect("the crate's own header");
    if let Some(serde_json::Value::Object(meta)) = header.get_mut("__metadata__") {
        meta.sort_keys();
    }
    let mut text = serde_json::to_vec(&header).expect("JSON");
    text.resize(text.len().next_multiple_of(8), b' ');
    let mut out = Vec::with_capacity(8 + text.len() + bytes.len() - 8 - n);
    out.extend((text.len() as u64).to_le_bytes());
    out.extend(text);
    out.extend(&bytes[8 + n..]);
    out
}

/// A tensor ready to be written.
struct Raw {
    dtype: Dtype,
    shape: Vec<usize>,
    bytes: Vec<u8>,
}

impl Raw {
    /// `tensor` as float32 bytes, or float16 with `float16`.
    fn new(tensor: Tensor, float16: bool) -> Raw {
        let bytes = if float16 {
            tensor
                .data
                .iter()
                .flat_map(|v| half::f16::from_f32(*v).to_le_bytes())
                .collect()
        } else {
            tensor.data.iter().flat_map(|v| v.to_le_bytes()).collect()
        };
        let dtype = if float16 { Dtype::F16 } else { Dtype::F32 };
        Raw {
            dtype,
            shape: tensor.shape,
            bytes,
        }
    }
}

impl View for Raw {
    fn dtype(&self) -> Dtype {
        self.dtype
    }
    fn shape(&self) -> &[usize] {
        &self.shape
    }
    fn data(&self) -> std::borrow::Cow<'_, [u8]> {
        std::borrow::Cow::Borrowed(&self.bytes)
    }
    fn data_len(&self) -> usize {
        self.bytes.len()
    }
}
