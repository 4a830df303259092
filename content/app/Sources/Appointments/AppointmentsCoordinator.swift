import EventKit
import UIKit

@MainActor
final class AppointmentsCoordinator {
    private let navigationController: UINavigationController
    private let provider: FeatureFlagProvider
    private let calendarSync: CalendarSyncService

    init(navigationController: UINavigationController, provider: FeatureFlagProvider = .shared) {
        self.navigationController = navigationController
        self.provider = provider
        self.calendarSync = CalendarSyncService(store: EKEventStore())
    }

    func start() {
        let calendar: UIViewController
        if provider.isEnabled(.calendarSync) {
            calendar = AgendaViewController(onSelect: showDetail)
        } else if provider.isEnabled(.legacyCalendar) {
            calendar = MonthCalendarViewController(onSelect: showDetail)
        } else {
            calendar = AgendaViewController(onSelect: showDetail)
        }
        navigationController.setViewControllers([calendar], animated: false)
    }

    func bookAppointment(for client: Client) {
        guard provider.value(for: .appointmentBooking).boolValue else {
            navigationController.present(UIAlertController.featureUnavailable(), animated: true)
            return
        }
        let booking = BookingViewController(client: client) { [weak self] appointment in
            self?.didBook(appointment)
        }
        navigationController.pushViewController(booking, animated: true)
    }

    private func didBook(_ appointment: Appointment) {
        if provider.isEnabled(.appointmentReminders) {
            ReminderScheduler.shared.schedule(for: appointment, before: .minutes(30))
        }
        if provider.isEnabled(.calendarSync) {
            Task { try? await calendarSync.export(appointment) }
        }
        navigationController.popToRootViewController(animated: true)
    }

    private func showDetail(_ appointment: Appointment) {
        navigationController.pushViewController(AppointmentDetailViewController(appointment: appointment), animated: true)
    }
}
