//! The device around the sound: the phone's ringer (silent mode) and its vibrator. On
//! Android through JNI (`AudioManager.getRingerMode`, `Vibrator.vibrate` with a
//! `VibrationEffect.createOneShot`, API 26+), on the feedback thread, never the UI's. A
//! desktop has neither: its ringer is always normal and it never vibrates.

use super::plan::Ringer;
use std::sync::mpsc::Sender;
use std::time::Duration;
#[cfg(target_os = "android")]
use std::time::Instant;

/// How long a ringer mode read is trusted: a player who flips the silent switch is
/// obeyed within a second, and a burst of drops asks the system once.
#[cfg(target_os = "android")]
const RINGER_FRESH: Duration = Duration::from_secs(1);

pub struct Device {
    #[cfg(target_os = "android")]
    ringer: Option<(Instant, Ringer)>,
    /// A fixed ringer (tests), instead of the platform's.
    fixed: Option<Ringer>,
    /// Where a test hears of each vibration asked for.
    told: Option<Sender<Duration>>,
}

impl Device {
    /// The platform's device.
    pub fn new() -> Device {
        Device {
            #[cfg(target_os = "android")]
            ringer: None,
            fixed: None,
            told: None,
        }
    }

    /// A device whose ringer is always `ringer` and that tells `told` of each
    /// vibration instead of vibrating (tests).
    pub fn for_test(ringer: Ringer, told: Sender<Duration>) -> Device {
        Device {
            #[cfg(target_os = "android")]
            ringer: None,
            fixed: Some(ringer),
            told: Some(told),
        }
    }

    /// The ringer mode now (at most a second old on Android).
    pub fn ringer(&mut self) -> Ringer {
        if let Some(fixed) = self.fixed {
            return fixed;
        }
        #[cfg(target_os = "android")]
        {
            if let Some((read, ringer)) = self.ringer {
                if read.elapsed() < RINGER_FRESH {
                    return ringer;
                }
            }
            // If the system cannot be asked, sound plays: the app's own switch still works.
            let ringer = android::ringer_mode().unwrap_or(Ringer::Normal);
            self.ringer = Some((Instant::now(), ringer));
            ringer
        }
        #[cfg(not(target_os = "android"))]
        Ringer::Normal
    }

    /// A short vibration (Android; nothing on a desktop).
    pub fn vibrate(&mut self, length: Duration) {
        match &self.told {
            Some(told) => {
                let _ = told.send(length);
            }
            None => vibrate(length),
        }
    }
}

#[cfg(target_os = "android")]
fn vibrate(length: Duration) {
    // A phone without a vibrator, or a failed call: nothing to feel, nothing to say.
    let _ = android::vibrate(length);
}

#[cfg(not(target_os = "android"))]
fn vibrate(_length: Duration) {}

impl Default for Device {
    fn default() -> Self {
        Device::new()
    }
}

#[cfg(target_os = "android")]
mod android {
    use super::Ringer;
    use jni::objects::{JObject, JValue};
    use jni::{jni_sig, jni_str, Env, JavaVM};
    use std::time::Duration;

    /// Runs `work` with the app's `Context` on this thread, attached to the VM.
    fn with_context<T>(
        work: impl FnOnce(&mut Env, &JObject) -> jni::errors::Result<T>,
    ) -> jni::errors::Result<T> {
        let context = ndk_context::android_context();
        if context.vm().is_null() || context.context().is_null() {
            return Err(jni::errors::Error::NullPtr("the Android context"));
        }
        // SAFETY: ndk-context hands out the process's JavaVM (checked non-null above).
        let vm = JavaVM::singleton()
            .unwrap_or_else(|_| unsafe { JavaVM::from_raw(context.vm().cast()) });
        vm.attach_current_thread(|env| {
            let raw: jni::sys::jobject = context.context().cast();
            // SAFETY: ndk-context promises a global reference to an android.content.Context
            // for the life of the process; the cast checks its class at run time.
            let app = unsafe { env.as_cast_raw::<jni::refs::Global<JObject>>(&raw)? };
            work(env, &app)
        })
    }

    /// `context.getSystemService(name)`.
    fn service<'local>(
        env: &mut Env<'local>,
        context: &JObject,
        name: &str,
    ) -> jni::errors::Result<JObject<'local>> {
        let name = env.new_string(name)?;
        env.call_method(
            context,
            jni_str!("getSystemService"),
            jni_sig!("(Ljava/lang/String;)Ljava/lang/Object;"),
            &[JValue::Object(&name)],
        )?
        .l()
    }

    /// `AudioManager.getRingerMode()`: 0 silent, 1 vibrate, 2 normal.
    pub fn ringer_mode() -> jni::errors::Result<Ringer> {
        with_context(|env, context| {
            let audio = service(env, context, "audio")?;
            if audio.is_null() {
                return Ok(Ringer::Normal);
            }
            let mode = env
                .call_method(&audio, jni_str!("getRingerMode"), jni_sig!("()I"), &[])?
                .i()?;
            Ok(match mode {
                0 => Ringer::Silent,
                1 => Ringer::Vibrate,
                _ => Ringer::Normal,
            })
        })
    }

    /// `Vibrator.vibrate(VibrationEffect.createOneShot(ms, DEFAULT_AMPLITUDE))` (API 26).
    pub fn vibrate(length: Duration) -> jni::errors::Result<()> {
        with_context(|env, context| {
            let vibrator = service(env, context, "vibrator")?;
            if vibrator.is_null() {
                return Ok(());
            }
            let has = env
                .call_method(&vibrator, jni_str!("hasVibrator"), jni_sig!("()Z"), &[])?
                .z()?;
            if !has {
                return Ok(());
            }
            let millis = i64::try_from(length.as_millis()).unwrap_or(i64::MAX);
            // VibrationEffect.DEFAULT_AMPLITUDE is -1.
            let effect = env
                .call_static_method(
                    jni_str!("android/os/VibrationEffect"),
                    jni_str!("createOneShot"),
                    jni_sig!("(JI)Landroid/os/VibrationEffect;"),
                    &[JValue::Long(millis), JValue::Int(-1)],
                )?
                .l()?;
            env.call_method(
                &vibrator,
                jni_str!("vibrate"),
                jni_sig!("(Landroid/os/VibrationEffect;)V"),
                &[JValue::Object(&effect)],
            )?;
            Ok(())
        })
    }
}
