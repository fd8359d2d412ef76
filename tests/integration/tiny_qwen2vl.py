"""Writes a tiny, randomly initialised Qwen2-VL model directory that vLLM serves.

Run with the vLLM test venv's python (it needs torch, transformers, tokenizers):

    python tiny_qwen2vl.py OUT_DIR

Nothing is downloaded: the tokenizer is a byte-level BPE trained here on the
sample text below, and the weights are random with a fixed seed. The same script
writes the same files, so the caller may cache the directory by this file's hash.
The files are written to a temporary directory beside OUT_DIR and renamed into
place, with a `.complete` marker, so a half-written model never looks usable.

The sizes are the smallest that vLLM's CPU backend accepts: its attention
kernels want a head size of 64 (hidden 128 / 2 heads), M-RoPE's sections must
add up to head_size / 2, and the vision merger's output (the vision
`hidden_size`) must equal the text hidden size.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

SEED = 20240611
VOCAB_SIZE = 2000
MARKER = ".complete"

SPECIAL_TOKENS = [
    "<|endoftext|>",
    "<|im_start|>",
    "<|im_end|>",
    "<|vision_start|>",
    "<|vision_end|>",
    "<|image_pad|>",
    "<|video_pad|>",
]

# Qwen's own pre-tokenizer split (as in transformers' Qwen2Tokenizer), so the
# tokenizer behaves the same whether it is loaded as written or rebuilt by class.
PRETOKENIZE_REGEX = (
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*"""
    r"""|\s*[\r\n]+|\s+(?!\S)|\s+"""
)

# Qwen2-VL's chat template, without the default system prompt.
CHAT_TEMPLATE = (
    "{%- set image_count = namespace(value=0) -%}"
    "{%- set video_count = namespace(value=0) -%}"
    "{%- for message in messages -%}"
    "{{- '<|im_start|>' + message['role'] + '\\n' -}}"
    "{%- if message['content'] is string -%}"
    "{{- message['content'] -}}"
    "{%- else -%}"
    "{%- for content in message['content'] -%}"
    "{%- if content['type'] == 'image' or 'image' in content or 'image_url' in content -%}"
    "{%- set image_count.value = image_count.value + 1 -%}"
    "{%- if add_vision_id -%}{{- 'Picture ' + image_count.value|string + ': ' -}}{%- endif -%}"
    "{{- '<|vision_start|><|image_pad|><|vision_end|>' -}}"
    "{%- elif content['type'] == 'video' or 'video' in content -%}"
    "{%- set video_count.value = video_count.value + 1 -%}"
    "{%- if add_vision_id -%}{{- 'Video ' + video_count.value|string + ': ' -}}{%- endif -%}"
    "{{- '<|vision_start|><|video_pad|><|vision_end|>' -}}"
    "{%- elif 'text' in content -%}"
    "{{- content['text'] -}}"
    "{%- endif -%}"
    "{%- endfor -%}"
    "{%- endif -%}"
    "{{- '<|im_end|>\\n' -}}"
    "{%- endfor -%}"
    "{%- if add_generation_prompt -%}{{- '<|im_start|>assistant\\n' -}}{%- endif -%}"
)

SAMPLE_TEXT = """\
臺灣臺北地方法院民事判決
原告主張：被告於民國一百一十二年三月十五日向原告借款新臺幣五十萬元，約定於同年九月三十日清償，
並按週年利率百分之五計算利息。詎被告屆期未為清償，經原告多次催告，仍置之不理，爰依消費借貸之法律關係，
請求被告給付借款本金及自起訴狀繕本送達翌日起至清償日止之法定遲延利息。
被告則以：兩造間之款項往來係屬贈與，並非借貸，原告所提出之匯款單據不足以證明借貸合意之存在等語，資為抗辯。
本院之判斷：按稱消費借貸者，謂當事人一方移轉金錢或其他代替物之所有權於他方，而約定他方以種類、品質、
數量相同之物返還之契約。民法第四百七十四條第一項定有明文。次按當事人主張有利於己之事實者，
就其事實有舉證之責任，民事訴訟法第二百七十七條前段亦有規定。
經查，原告提出之借據、存摺影本及通訊軟體對話紀錄，記載被告承諾分期返還款項，堪認兩造間確有借貸之合意。
被告抗辯係屬贈與，未能舉證以實其說，自不足採。
從而，原告依消費借貸之法律關係，請求被告給付新臺幣五十萬元，及自民國一百一十二年十月二十日起至清償日止，
按週年利率百分之五計算之利息，為有理由，應予准許。
據上論結，本件原告之訴為有理由，依民事訴訟法第七十八條，判決如主文。
主文：被告應給付原告新臺幣伍拾萬元，及自民國一百一十二年十月二十日起至清償日止，按週年利率百分之五計算之利息。
訴訟費用由被告負擔。本判決於原告以新臺幣拾陸萬柒仟元供擔保後，得假執行。
中華民國一百一十三年一月十日　民事第三庭　法官
以上正本係照原本作成。如對本判決上訴，須於判決送達後二十日內向本院提出上訴狀。
第一條　民事，法律所未規定者，依習慣；無習慣者，依法理。
第二條　民事所適用之習慣，以不背於公共秩序或善良風俗者為限。
第一百四十八條　權利之行使，不得違反公共利益，或以損害他人為主要目的。
行使權利，履行義務，應依誠實及信用方法。
第一百八十四條　因故意或過失，不法侵害他人之權利者，負損害賠償責任。
故意以背於善良風俗之方法，加損害於他人者亦同。
違反保護他人之法律，致生損害於他人者，負賠償責任。但能證明其行為無過失者，不在此限。
第二百二十七條　因可歸責於債務人之事由，致為不完全給付者，
債權人得依關於給付遲延或給付不能之規定行使其權利。
契約書　立契約書人甲方（出租人）與乙方（承租人），茲為房屋租賃事宜，雙方同意訂立本契約，條款如下：
一、租賃標的：坐落於臺北市中正區之房屋一棟，包括附屬設備。二、租賃期間：自民國一百一十三年二月一日起至
一百一十五年一月三十一日止。三、租金：每月新臺幣貳萬伍仟元整，乙方應於每月五日前支付。
四、押金：新臺幣伍萬元整，於租期屆滿交還房屋時無息返還。五、乙方不得將房屋轉租、出借或頂讓他人。
六、如有爭議，雙方同意以臺灣臺北地方法院為第一審管轄法院。
證人、鑑定人、書記官、檢察官、律師、當事人、上訴人、被上訴人、聲請人、相對人、債權人、債務人。
請求、駁回、撤銷、確認、給付、賠償、返還、移轉、登記、執行、假扣押、假處分、調解、和解、仲裁。
"""

SAMPLE_TEXT += """\
District Court Civil Judgment. The plaintiff alleges that on March 15 the defendant borrowed
NT$500,000 from the plaintiff, agreed to repay it by September 30 of the same year, and to pay
interest at 5% per annum. The defendant failed to repay on the due date despite repeated demands.
The defendant argues that the money was a gift rather than a loan, and that the transfer receipts
submitted by the plaintiff do not prove an agreement to lend.
Findings of the court: a loan for consumption is a contract whereby one party transfers
the ownership of money or other fungible things to the other party, and the other party
agrees to return things of the same kind, quality and quantity. A party who alleges a fact
in its favour bears the burden of proving it.
The promissory note, the bank statements and the chat messages show that the defendant
promised to repay the money in instalments; the court therefore finds that a loan was agreed.
Judgment: the defendant shall pay the plaintiff NT$500,000 with interest at 5% per annum from
October 20 until the date of payment. The costs of the proceedings shall be borne by the defendant.
Article 184. A person who, intentionally or negligently, has wrongfully damaged the rights
of another is bound to compensate him for any injury arising therefrom.
Lease Agreement. The Lessor and the Lessee agree as follows: 1. Premises: the house located in
Zhongzheng District, Taipei City, including its fixtures. 2. Term: from February 1, 2024 to
January 31, 2026. 3. Rent: NT$25,000 per month, payable before the 5th day of each month.
4. Deposit: NT$50,000, returned without interest when the premises are handed back.
5. The Lessee shall not sublet, lend or assign the premises to any other person.
Please read the page image and transcribe all of the text exactly, line by line. Keep the original
punctuation, numbers and line breaks. Do not translate, summarise or add commentary.
請將頁面影像中的文字逐行完整轉錄，保留原有標點符號、數字及換行，不要翻譯、摘要或加入評論。
0123456789 ０１２３４５６７８９ ，。、；：？！「」『』（）《》〈〉—…·％＄
"""


def build_tokenizer(out: Path) -> dict[str, int]:
    from tokenizers import (
        Regex,
        Tokenizer,
        decoders,
        models,
        normalizers,
        pre_tokenizers,
        processors,
        trainers,
    )
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE(unk_token=None, fuse_unk=False, byte_fallback=False))
    tok.normalizer = normalizers.NFC()
    tok.pre_tokenizer = pre_tokenizers.Sequence(
        [
            pre_tokenizers.Split(Regex(PRETOKENIZE_REGEX), behavior="isolated", invert=False),
            pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
        ]
    )
    tok.decoder = decoders.ByteLevel()
    tok.post_processor = processors.ByteLevel(trim_offsets=False)
    trainer = trainers.BpeTrainer(
        vocab_size=VOCAB_SIZE - len(SPECIAL_TOKENS),
        min_frequency=1,
        show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    tok.train_from_iterator(SAMPLE_TEXT.splitlines(keepends=True), trainer=trainer)
    # The special tokens go after the learnt vocabulary, as in Qwen's tokenizer.
    tok.add_special_tokens(SPECIAL_TOKENS)

    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        eos_token="<|im_end|>",
        pad_token="<|endoftext|>",
        unk_token=None,
        bos_token=None,
        model_max_length=32768,
        clean_up_tokenization_spaces=False,
    )
    fast.chat_template = CHAT_TEMPLATE
    fast.save_pretrained(str(out))
    # Name Qwen's class, which rebuilds the same pipeline from the same vocabulary.
    config_path = out / "tokenizer_config.json"
    tok_config = json.loads(config_path.read_text(encoding="utf-8"))
    tok_config["tokenizer_class"] = "Qwen2Tokenizer"
    tok_config["errors"] = "replace"
    tok_config["split_special_tokens"] = False
    config_path.write_text(
        json.dumps(tok_config, indent=2, ensure_ascii=False, sort_keys=True) + "\n",
        encoding="utf-8",
    )
    ids = {t: tok.token_to_id(t) for t in SPECIAL_TOKENS}
    ids["vocab_size"] = tok.get_vocab_size(with_added_tokens=True)
    return ids


def build_model(out: Path, ids: dict[str, int]) -> None:
    import torch
    from transformers import (
        GenerationConfig,
        Qwen2VLConfig,
        Qwen2VLForConditionalGeneration,
        Qwen2VLImageProcessor,
    )
    from transformers.utils import logging

    hidden = 128
    config = Qwen2VLConfig(
        text_config={
            "vocab_size": ids["vocab_size"],
            "hidden_size": hidden,
            "intermediate_size": 256,
            "num_hidden_layers": 2,
            "num_attention_heads": 2,  # head_dim 64: the CPU attention backend's smallest
            "num_key_value_heads": 1,
            "max_position_embeddings": 32768,
            "max_window_layers": 2,
            "use_sliding_window": False,
            "rms_norm_eps": 1e-6,
            "rope_parameters": {
                "rope_type": "default",
                "rope_theta": 1000000.0,
                "mrope_section": [8, 12, 12],
            },
            "bos_token_id": ids["<|endoftext|>"],
            "eos_token_id": ids["<|im_end|>"],
            "pad_token_id": ids["<|endoftext|>"],
            "dtype": "bfloat16",
        },
        vision_config={
            "depth": 2,
            "embed_dim": 128,
            "hidden_size": hidden,  # the merger's output feeds the text model
            "mlp_ratio": 4,
            "num_heads": 2,
            "in_channels": 3,
            "patch_size": 14,
            "spatial_merge_size": 2,
            "temporal_patch_size": 2,
        },
        image_token_id=ids["<|image_pad|>"],
        video_token_id=ids["<|video_pad|>"],
        vision_start_token_id=ids["<|vision_start|>"],
        vision_end_token_id=ids["<|vision_end|>"],
        bos_token_id=ids["<|endoftext|>"],
        eos_token_id=ids["<|im_end|>"],
        pad_token_id=ids["<|endoftext|>"],
        tie_word_embeddings=False,
        dtype="bfloat16",
    )
    logging.disable_progress_bar()
    torch.manual_seed(SEED)
    model = Qwen2VLForConditionalGeneration(config).to(torch.bfloat16).eval()
    model.save_pretrained(str(out), safe_serialization=True)
    GenerationConfig(
        bos_token_id=ids["<|endoftext|>"],
        eos_token_id=[ids["<|im_end|>"], ids["<|endoftext|>"]],
        pad_token_id=ids["<|endoftext|>"],
        do_sample=False,
    ).save_pretrained(str(out))
    # The image processor alone: a full processor also saves a video processor,
    # which needs torchvision's compiled ops (absent from the CPU test venv).
    Qwen2VLImageProcessor(min_pixels=3136, max_pixels=1048576).save_pretrained(str(out))


def write_model(out_dir: Path) -> Path:
    out_dir = Path(out_dir).absolute()
    if (out_dir / MARKER).is_file():
        return out_dir
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.tmp-", dir=out_dir.parent))
    try:
        ids = build_tokenizer(tmp)
        build_model(tmp, ids)
        (tmp / MARKER).write_text(json.dumps(ids, sort_keys=True) + "\n", encoding="utf-8")
        for path in tmp.iterdir():
            path.chmod(0o644)
        tmp.chmod(0o755)  # mkdtemp made it private
        if out_dir.exists() and not (out_dir / MARKER).is_file():
            shutil.rmtree(out_dir)  # a leftover without the marker is not a model
        try:
            os.rename(tmp, out_dir)
        except OSError:
            if not (out_dir / MARKER).is_file():  # lost a race only if the winner finished
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out_dir


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(f"usage: {argv[0]} OUT_DIR", file=sys.stderr)
        return 2
    print(write_model(Path(argv[1])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
