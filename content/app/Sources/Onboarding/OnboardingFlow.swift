import LocalAuthentication
import SwiftUI

/// The welcome screens shown to an adviser after their first sign-in.
struct OnboardingFlow: View {
    @Environment(\.featureFlags) private var flags
    let onFinish: () -> Void

    var body: some View {
        switch OnboardingVariant(flags.string(.onboardingVariant)) {
        case .carousel: OnboardingCarousel(onFinish: finish)
        case .singlePage: OnboardingSinglePage(onFinish: finish)
        case .video: OnboardingVideo(onFinish: finish)
        }
    }

    private func finish() {
        if flags.isEnabled(.guidedTour) {
            GuidedTourController.shared.begin()
        }
        onFinish()
    }
}

/// The values of `ONBOARDING_VARIANT`. Unknown or empty values show the carousel.
enum OnboardingVariant: String {
    case carousel
    case singlePage = "single-page"
    case video

    init(_ raw: String) {
        self = OnboardingVariant(rawValue: raw) ?? .carousel
    }
}

@MainActor
final class SignInCoordinator {
    private let flags: FeatureFlagProvider

    init(flags: FeatureFlagProvider = .shared) {
        self.flags = flags
    }

    var offersBiometricSignIn: Bool {
        var error: NSError?
        let canEvaluate = LAContext().canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error)
        return canEvaluate && flags.isEnabled(.biometricLogin)
    }

    /// Called once the adviser is signed in, before the home screen appears.
    func didSignIn(previousVersion: AppVersion?) -> [PostSignInStep] {
        var steps: [PostSignInStep] = []
        if previousVersion == nil {
            steps.append(.onboarding)
        } else if previousVersion != AppVersion.current, flags.isEnabled(.whatsNew) {
            steps.append(.releaseNotes)
        }
        return steps
    }
}
